import { STEP_PERSONAL } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function UserInfoPage() {
  return <PlaceholderPage title={STEP_PERSONAL} otherBack step="1" />;
}
