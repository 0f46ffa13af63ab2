import { STEP_ID_CARD } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function IdCardPage() {
  return <PlaceholderPage title={STEP_ID_CARD} otherBack step="3" />;
}
