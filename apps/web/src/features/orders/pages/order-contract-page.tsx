import { TITLE_ORDER_CONTRACT } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function OrderContractPage() {
  return <PlaceholderPage title={TITLE_ORDER_CONTRACT} />;
}
