import { TITLE_LOAN_SUCCESS } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state until the page's capability is built. */
export default function LoanSuccessPage() {
  return <PlaceholderPage title={TITLE_LOAN_SUCCESS} />;
}
