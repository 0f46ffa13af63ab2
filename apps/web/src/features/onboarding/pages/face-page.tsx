import { STEP_FACE } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function FacePage() {
  return <PlaceholderPage title={STEP_FACE} otherBack step="5" />;
}
