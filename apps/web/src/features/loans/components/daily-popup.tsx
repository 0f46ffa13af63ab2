import { lazy, Suspense, useState } from 'react';
import { showRequestError } from '../../../shared/api/request.ts';
import { confirmPop, useDailyPopup } from '../api/daily-popup.ts';
import { useOpenLink } from './banner-carousel.tsx';

// The dialog's code (antd-mobile's Dialog and its animation) loads only when there is a popup to show.
const DailyPopupDialog = lazy(() => import('./daily-popup-dialog.tsx'));

/**
 * Popups already shown in this visit of the app: back on the home before confirmPop has
 * answered, the same popup is not shown twice. The server keeps the once-a-day rule.
 */
const shownThisVisit = new Set<string>();

/**
 * getPop → the popup, as a dialog the loans page owns: leaving the page takes it away with
 * the page (nothing left over the next one), and a popup left that way is not recorded as
 * seen. Closed or followed by the borrower, confirmPop records it for today.
 */
export function DailyPopup({ loggedIn, ready }: { loggedIn: boolean; ready: boolean }) {
  const popup = useDailyPopup(loggedIn);
  const open = useOpenLink();
  // Those shown before this page was opened; one shown on this page stays until it is closed.
  const [shownBefore] = useState(() => new Set(shownThisVisit));
  const [closed, setClosed] = useState<string | null>(null);
  const current = popup.data ?? null;
  if (!ready || !current || shownBefore.has(current.id) || closed === current.id) return null;
  const answered = () => {
    setClosed(current.id);
    if (loggedIn) confirmPop(current.id).catch(showRequestError);
  };
  return (
    <Suspense fallback={null}>
      <DailyPopupDialog
        popup={current}
        onShown={() => {
          shownThisVisit.add(current.id);
        }}
        onClose={answered}
        onOpenLink={(link) => {
          answered();
          open(link);
        }}
      />
    </Suspense>
  );
}
