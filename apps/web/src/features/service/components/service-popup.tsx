import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { QRCodeSVG } from 'qrcode.react';
import { CLOSE, COPY, SERVICE_LINE_ID, SERVICE_LINE_LINK, SERVICE_QR_HINT, SERVICE_TITLE } from '@app/contract/messages/app-shell.ts';
import type { TLineExtInfo } from '@app/contract/schemas/config.ts';
import { copyWithToast } from '../../../shared/ui/feedback.ts';

interface ServicePopupProps {
  line: TLineExtInfo | null;
  onClose: () => void;
}

function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="service-row">
      <div className="service-row-text">
        <span className="service-row-label">{label}</span>
        <span className="service-row-value" data-testid={`service-${label}`}>
          {value}
        </span>
      </div>
      <Button size="small" color="primary" fill="outline" onClick={() => void copyWithToast(value)} aria-label={`${COPY} ${label}`}>
        {COPY}
      </Button>
    </div>
  );
}

/** The LINE contact: QR (the operator's image, or one generated from the link), id and link. */
export default function ServicePopup({ line, onClose }: ServicePopupProps) {
  const qrValue = line?.line_img || line?.line_url || '';
  return (
    <Popup
      visible={line !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      position="bottom"
      bodyClassName="service-popup"
      bodyStyle={{ borderTopLeftRadius: 20, borderTopRightRadius: 20 }}
    >
      {line ? (
        <section className="service-popup-inner" role="dialog" aria-label={SERVICE_TITLE}>
          <h2 className="service-popup-title">{SERVICE_TITLE}</h2>
          <figure className="service-qr" data-testid="service-qr">
            {line.line_img ? (
              <img src={line.line_img} alt={SERVICE_QR_HINT} width={168} height={168} />
            ) : (
              <QRCodeSVG value={line.line_url} size={168} title={SERVICE_QR_HINT} marginSize={2} />
            )}
            <figcaption>{SERVICE_QR_HINT}</figcaption>
            <Button size="small" color="primary" fill="outline" onClick={() => void copyWithToast(qrValue)} aria-label={`${COPY} QR Code`}>
              {COPY}
            </Button>
          </figure>
          <CopyRow label={SERVICE_LINE_ID} value={line.line} />
          <CopyRow label={SERVICE_LINE_LINK} value={line.line_url} />
          <span className="visually-hidden">{CLOSE}</span>
        </section>
      ) : null}
    </Popup>
  );
}
