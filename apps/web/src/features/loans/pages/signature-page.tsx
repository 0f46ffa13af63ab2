import { TITLE_SIGNATURE } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function SignaturePage() {
  return <PlaceholderPage title={TITLE_SIGNATURE} />;
}
