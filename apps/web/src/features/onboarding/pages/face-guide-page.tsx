import { TITLE_FACE_GUIDE } from '@app/contract/messages/app-shell.ts';
import { PlaceholderPage } from '../../../shared/ui/placeholder-page.tsx';

/** Nav bar, title and empty state; the page's content comes with its own issue. */
export default function FaceGuidePage() {
  return <PlaceholderPage title={TITLE_FACE_GUIDE} otherBack step="5" />;
}
