import { LENDER_ADDRESS, LENDER_REGISTRATION_NO, SERVICE_HOURS, SERVICE_PHONE } from '@app/contract/messages/app-shell.ts';
import { useLender } from '../api/lender.ts';
import './lender-footer.css';

/**
 * Who lends: the company's name, 統一編號 and address, and the customer-service phone
 * (a tel: link) and hours, from the server's one lender configuration.
 */
export function LenderFooter() {
  const lender = useLender();
  if (!lender.data) return null;
  const { name, registrationNo, address, servicePhone, serviceHours } = lender.data;
  return (
    <footer className="lender-footer" data-testid="lender-footer">
      <p className="lender-footer-name">
        {name}
        <span className="lender-footer-sep">｜</span>
        {LENDER_REGISTRATION_NO} {registrationNo}
      </p>
      <p>
        {LENDER_ADDRESS}：{address}
      </p>
      <p>
        {SERVICE_PHONE}：
        <a className="lender-footer-phone" href={`tel:${servicePhone.replace(/[^\d+]/g, '')}`}>
          {servicePhone}
        </a>
        （{SERVICE_HOURS} {serviceHours}）
      </p>
    </footer>
  );
}
