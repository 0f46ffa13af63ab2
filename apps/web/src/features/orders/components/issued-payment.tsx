import Button from 'antd-mobile/es/components/button';
import { CheckCircleFill } from 'antd-mobile-icons';
import * as T from '@app/contract/messages/order-pages.ts';
import { getRuntimeConfig } from '../../../shared/config/runtime-config.ts';
import { copyWithToast } from '../../../shared/ui/feedback.ts';
import type { OrderPayment } from '../../../shared/orders/order-detail.ts';
import { useTimeLeft } from '../hooks/use-time-left.ts';
import { formatMoney, formatTime } from '../../../shared/utils/format.ts';

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="issued-row">
      <span className="issued-label">{label}</span>
      <span className="issued-value" data-testid={testId}>
        {value}
      </span>
      <Button size="mini" shape="rounded" color="primary" fill="outline" onClick={() => void copyWithToast(value)}>
        {T.ISSUED_COPY}
      </Button>
    </div>
  );
}

/**
 * Outside production the API names its sandbox counter for this code (a store clerk's or an
 * ATM's, by the channel). It is a server page that refuses to be framed, so it opens in a tab
 * of its own.
 */
function SandboxLink({ address, channel }: { address: string; channel: 'cvs' | 'atm' }) {
  const absolute = new URL(address, getRuntimeConfig().apiBase || window.location.origin).toString();
  return (
    <a className="issued-sandbox" data-testid="issued-sandbox" href={absolute} target="_blank" rel="noopener noreferrer">
      {T.ISSUED_SANDBOX_LINK_TEXTS[channel]}
    </a>
  );
}

/** An issued store code or virtual account: what to pay, with copy buttons and a live countdown to its expiry. */
export function IssuedPayment({ payment }: { payment: OrderPayment }) {
  const secondsLeft = useTimeLeft(payment.expiresAt);
  const expired = payment.state === 'expired' || (payment.state === 'pending' && payment.expiresAt !== null && secondsLeft === 0);
  const paid = payment.state === 'paid';
  const sandbox = payment.sandboxPayUrl ?? null;
  return (
    <section className="issued" data-testid="issued-payment" data-state={expired ? 'expired' : payment.state}>
      <h3 className="issued-title">
        {payment.channel === 'cvs' ? T.ISSUED_TITLE_CVS : payment.channel === 'atm' ? T.ISSUED_TITLE_ATM : T.PAYMENT_CHANNEL_TEXTS.manual}
        <span className={`order-payment-state order-payment-state-${expired ? 'expired' : payment.state}`}>
          {T.PAYMENT_STATE_TEXTS[expired ? 'expired' : payment.state]}
        </span>
      </h3>
      <div className="issued-row">
        <span className="issued-label">{T.ISSUED_AMOUNT}</span>
        <span className="issued-value issued-amount" data-testid="issued-amount">
          {formatMoney(payment.amount)}
        </span>
      </div>
      <div className="issued-row">
        <span className="issued-label">{T.ISSUED_KIND}</span>
        <span className="issued-value" data-testid="issued-kind">
          {T.PAYMENT_KIND_TEXTS[payment.kind]}
        </span>
      </div>
      {payment.storeCode ? <CopyRow label={T.ISSUED_STORE_CODE} value={payment.storeCode} testId="issued-store-code" /> : null}
      {payment.virtualAccount ? (
        <>
          <CopyRow
            label={T.ISSUED_BANK}
            value={`${payment.virtualAccount.bankCode} ${payment.virtualAccount.bankName}`}
            testId="issued-bank"
          />
          <CopyRow label={T.ISSUED_ACCOUNT} value={payment.virtualAccount.account} testId="issued-account" />
        </>
      ) : null}
      {payment.expiresAt && !paid && payment.state !== 'notNeeded' ? (
        <div className="issued-row">
          <span className="issued-label">{T.ISSUED_EXPIRES_AT}</span>
          <span className="issued-value">{formatTime(payment.expiresAt)}</span>
        </div>
      ) : null}
      {paid ? (
        <p className="issued-paid" role="status">
          <CheckCircleFill aria-hidden /> {T.ISSUED_PAID}
        </p>
      ) : payment.state === 'notNeeded' ? (
        <p className="issued-not-needed" role="status">
          {T.ISSUED_NOT_NEEDED}
        </p>
      ) : expired ? (
        <p className="issued-expired" role="alert">
          {T.ISSUED_EXPIRED}
        </p>
      ) : payment.state === 'pending' ? (
        <>
          <p className="issued-countdown" aria-live="off" data-testid="issued-countdown">
            {T.ISSUED_TIME_LEFT} <strong>{T.countdownText(secondsLeft)}</strong>
          </p>
          <p className="issued-how">{payment.channel === 'cvs' ? T.ISSUED_CVS_HOW : T.ISSUED_ATM_HOW}</p>
          <p className="issued-how">{T.ISSUED_WAITING}</p>
          {sandbox && payment.channel !== 'manual' ? <SandboxLink address={sandbox} channel={payment.channel} /> : null}
        </>
      ) : null}
    </section>
  );
}
