import { STEP_BANK_CARD } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function BankInfoPage() {
  return <PlaceholderPage title={STEP_BANK_CARD} otherBack step="4" />;
}
