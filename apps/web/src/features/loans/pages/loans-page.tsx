import { productName } from '../../../shared/config/shell-config.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state until the page's capability is built. */
export default function LoansPage() {
  return <PlaceholderPage title={productName()} showBack={false} />;
}
