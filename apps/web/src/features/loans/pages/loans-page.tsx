import { productName } from '../../../shared/config/shell-config.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function LoansPage() {
  return <PlaceholderPage title={productName()} showBack={false} />;
}
