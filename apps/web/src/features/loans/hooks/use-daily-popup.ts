import { useEffect } from 'react';
import { HOME_POPUP_CLOSE, HOME_POPUP_OPEN } from '@app/contract/messages/loan-home.ts';
import { showRequestError } from '../../../shared/api/request.ts';
import { confirmPop, useDailyPopup } from '../api/daily-popup.ts';
import { useOpenLink } from '../components/banner-carousel.tsx';

/**
 * Popups already shown in this visit of the app: back on the home before confirmPop has
 * answered, the same popup is not shown twice. The server keeps the once-a-day rule.
 */
const shownThisVisit = new Set<string>();

/** getPop → the popup (a dialog, loaded on demand) → confirmPop when it is closed. */
export function useDailyPopupDialog(loggedIn: boolean, ready: boolean): void {
  const popup = useDailyPopup(loggedIn);
  const open = useOpenLink();
  const current = popup.data ?? null;

  useEffect(() => {
    if (!ready || !current || shownThisVisit.has(current.id)) return;
    let cancelled = false;
    let leftPage = false;
    let handler: { close: () => void } | null = null;
    void import('antd-mobile/es/components/dialog').then(({ default: Dialog }) => {
      if (cancelled || shownThisVisit.has(current.id)) return;
      shownThisVisit.add(current.id);
      const link = current.linkUrl;
      handler = Dialog.show({
        className: 'home-popup',
        'aria-label': current.title,
        image: current.imageUrl || undefined,
        title: current.title,
        content: current.content,
        closeOnAction: true,
        closeOnMaskClick: true,
        actions: [
          ...(link ? [{ key: 'open', text: HOME_POPUP_OPEN, bold: true, onClick: () => open(link) }] : []),
          { key: 'close', text: HOME_POPUP_CLOSE },
        ],
        afterClose: () => {
          // Closed by the user, not by leaving the page: recorded for today.
          if (loggedIn && !leftPage) confirmPop(current.id).catch(showRequestError);
        },
      });
    });
    return () => {
      cancelled = true;
      // The dialog lives outside the page: leaving the home page takes it away too.
      leftPage = true;
      handler?.close();
    };
    // open is a new function each render; the popup is shown once per id.
  }, [current, ready, loggedIn]);
}
