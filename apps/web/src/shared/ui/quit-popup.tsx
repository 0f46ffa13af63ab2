import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { QUIT_POPUP_CONTENT, QUIT_POPUP_CONTINUE, QUIT_POPUP_LEAVE } from '@app/contract/messages/app-shell.ts';
import './quit-popup.css';

interface QuitPopupProps {
  visible: boolean;
  onContinue: () => void;
  onLeave: () => void;
}

/** SPEC.md section 2: the bottom popup (corner radius 20) shown by back with otherBack. */
export default function QuitPopup({ visible, onContinue, onLeave }: QuitPopupProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onContinue}
      position="bottom"
      bodyClassName="quit-popup"
      bodyStyle={{ borderTopLeftRadius: 20, borderTopRightRadius: 20 }}
    >
      <div role="dialog" aria-label={QUIT_POPUP_CONTENT} className="quit-popup-inner">
        {/* SPEC.md's text is two sentences joined by a space: one line each, so the
            question never breaks and leaves 「嗎？」 alone on a line. */}
        <p className="quit-popup-text">
          {QUIT_POPUP_CONTENT.split(' ').map((sentence, index) => (
            <span key={sentence} className="quit-popup-line">
              {index > 0 ? ' ' : null}
              {sentence}
            </span>
          ))}
        </p>
        <div className="quit-popup-actions">
          <Button block color="primary" shape="rounded" onClick={onContinue}>
            {QUIT_POPUP_CONTINUE}
          </Button>
          <Button block fill="none" shape="rounded" onClick={onLeave}>
            {QUIT_POPUP_LEAVE}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
