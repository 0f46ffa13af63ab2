import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect } from 'react';
import { HOME_POPUP_CLOSE, HOME_POPUP_OPEN } from '@app/contract/messages/loan-home.ts';
import type { DailyPopup } from '../api/daily-popup.ts';

/** The daily popup's dialog (loaded on demand by DailyPopup): its link, if any, and 關閉. */
export default function DailyPopupDialog({
  popup,
  onShown,
  onClose,
  onOpenLink,
}: {
  popup: DailyPopup;
  onShown: () => void;
  onClose: () => void;
  onOpenLink: (link: string) => void;
}) {
  useEffect(() => {
    onShown();
  }, [onShown]);
  const link = popup.linkUrl;
  return (
    <Dialog
      visible
      className="home-popup"
      aria-label={popup.title}
      image={popup.imageUrl || undefined}
      title={popup.title}
      content={popup.content}
      closeOnMaskClick
      onClose={onClose}
      actions={[
        ...(link ? [{ key: 'open', text: HOME_POPUP_OPEN, bold: true, onClick: () => onOpenLink(link) }] : []),
        { key: 'close', text: HOME_POPUP_CLOSE, onClick: onClose },
      ]}
    />
  );
}
