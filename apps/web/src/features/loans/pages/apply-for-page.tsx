import { TITLE_APPLY_FOR } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function ApplyForPage() {
  return <PlaceholderPage title={TITLE_APPLY_FOR} />;
}
