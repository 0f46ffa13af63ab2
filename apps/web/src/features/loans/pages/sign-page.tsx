import { TITLE_SIGN } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function SignPage() {
  return <PlaceholderPage title={TITLE_SIGN} />;
}
