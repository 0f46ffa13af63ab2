import { TITLE_PRODUCT_LIST } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state until the page's capability is built. */
export default function ProductListPage() {
  return <PlaceholderPage title={TITLE_PRODUCT_LIST} />;
}
