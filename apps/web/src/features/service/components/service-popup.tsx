import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { QRCodeSVG } from 'qrcode.react';
import {
  CLOSE,
  COPY,
  SERVICE_CALL,
  SERVICE_HOURS,
  SERVICE_LINE_ID,
  SERVICE_LINE_LINK,
  SERVICE_LINE_OPEN,
  SERVICE_PHONE,
  SERVICE_QR_HINT,
  SERVICE_QR_OTHER_PHONE,
  SERVICE_TITLE,
} from '@app/contract/messages/app-shell.ts';
import type { TLineExtInfo } from '@app/contract/schemas/config.ts';
import { useLender } from '../../../shared/api/lender.ts';
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

/** The lender's customer-service phone (a tel: link) and hours. */
function PhoneRow() {
  const lender = useLender();
  if (!lender.data) return null;
  const { servicePhone, serviceHours } = lender.data;
  return (
    <div className="service-row" data-testid="service-phone">
      <div className="service-row-text">
        <span className="service-row-label">{SERVICE_PHONE}</span>
        <span className="service-row-value">{servicePhone}</span>
        <span className="service-row-label">
          {SERVICE_HOURS} {serviceHours}
        </span>
      </div>
      <a
        className="service-call adm-button adm-button-primary adm-button-fill-outline adm-button-small"
        href={`tel:${servicePhone.replace(/[^\d+]/g, '')}`}
      >
        {SERVICE_CALL}
      </a>
    </div>
  );
}

/**
 * The LINE contact: 加入 LINE 好友 opens LINE on this phone (the line.me link); the QR (the
 * operator's image, or one generated from the link) is for another phone; id and link
 * copy; then the phone and hours.
 */
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
          {/* A link, not script: the phone hands line.me links to the LINE app. */}
          <a
            className="service-line-open adm-button adm-button-block adm-button-large adm-button-shape-rounded"
            href={line.line_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {SERVICE_LINE_OPEN}
          </a>
          <figure className="service-qr" data-testid="service-qr">
            {line.line_img ? (
              <img src={line.line_img} alt={SERVICE_QR_HINT} width={168} height={168} />
            ) : (
              <QRCodeSVG value={line.line_url} size={168} title={SERVICE_QR_HINT} marginSize={2} />
            )}
            <figcaption>{SERVICE_QR_OTHER_PHONE}</figcaption>
            <Button size="small" color="primary" fill="outline" onClick={() => void copyWithToast(qrValue)} aria-label={`${COPY} QR Code`}>
              {COPY}
            </Button>
          </figure>
          <CopyRow label={SERVICE_LINE_ID} value={line.line} />
          <CopyRow label={SERVICE_LINE_LINK} value={line.line_url} />
          <PhoneRow />
          <span className="visually-hidden">{CLOSE}</span>
        </section>
      ) : null}
    </Popup>
  );
}
