import { TAB_ORDERS } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state until the page's capability is built. */
export default function OrdersPage() {
  return <PlaceholderPage title={TAB_ORDERS} showBack={false} />;
}
