import { TITLE_FACE_GUIDE } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state until the page's capability is built. */
export default function FaceGuidePage() {
  return <PlaceholderPage title={TITLE_FACE_GUIDE} otherBack step="5" />;
}
