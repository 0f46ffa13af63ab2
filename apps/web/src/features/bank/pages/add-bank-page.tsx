import { TITLE_ADD_BANK } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function AddBankPage() {
  return <PlaceholderPage title={TITLE_ADD_BANK} />;
}
