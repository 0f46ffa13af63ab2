import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Radio from 'antd-mobile/es/components/radio';
import * as T from '@app/contract/messages/order-pages.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import type { OrderPayment } from '../api/order-detail.ts';
import { useCollect, useReplan, type RepayChoice, type RepayOptions } from '../api/repayments.ts';
import { formatDate, formatMoney } from '../../../shared/utils/format.ts';
import { ChannelChoices, channelRefusal } from './channel-choices.tsx';
import { ChoiceCard } from './choice-card.tsx';
import { ManualTransferForm } from './manual-transfer-form.tsx';

/** Paying off today: interest counted to today, and what that saves against the schedule. */
function PayoffBreakdown({ orderId }: { orderId: string }) {
  const replan = useReplan(orderId, 'payoff', true);
  return (
    <QueryState query={replan}>
      {(answer) => (
        <div className="payoff" data-testid="payoff-breakdown">
          <p className="payoff-saved">
            {T.ORDER_PAY_PAYOFF_SAVED} <strong data-testid="payoff-saved">{formatMoney(answer.interestSaved)}</strong>
          </p>
          <p className="choice-card-note">
            {T.ORDER_PAY_PAYOFF_INTEREST_UNTIL} {formatDate(answer.interestUntil)} · {T.ORDER_INSTALMENT_PRINCIPAL} {formatMoney(answer.principal)} ·{' '}
            {T.ORDER_INSTALMENT_INTEREST} {formatMoney(answer.interest)}
            {answer.fee > 0 ? ` · ${T.ORDER_INSTALMENT_FEE} ${formatMoney(answer.fee)}` : ''}
            {answer.overdueInterest > 0 ? ` · ${T.ORDER_INSTALMENT_OVERDUE} ${formatMoney(answer.overdueInterest)}` : ''}
          </p>
        </div>
      )}
    </QueryState>
  );
}

/**
 * Repaying: how much (the next instalment, everything due, or the whole loan today), by
 * which channel (limits and the payer's fee), then a store code or a virtual account is
 * issued, or the borrower reports a transfer they made.
 */
export function RepayPanel({
  orderId,
  disbursedOn,
  options,
  onIssued,
}: {
  orderId: string;
  disbursedOn: string | null;
  options: RepayOptions;
  onIssued: (payment: OrderPayment) => void;
}) {
  const choices = options.choices.filter((choice) => choice.kind !== 'extension');
  const [kind, setKind] = useState<RepayChoice['kind'] | undefined>(choices[0]?.kind);
  const [channelCode, setChannelCode] = useState<string>();
  const [error, setError] = useState<string>();
  const collect = useCollect(orderId);
  const choice = choices.find((c) => c.kind === kind);
  const channel = options.channels.find((c) => c.code === channelCode);
  const usable = channel && channelRefusal(channel, choice?.amount) === null ? channel : undefined;

  if (choices.length === 0) return <p className="order-section-empty">{T.ORDER_PAY_NO_CHOICES}</p>;

  async function issue() {
    if (!choice) return setError(T.ORDER_PAY_CHOOSE_AMOUNT_FIRST);
    if (!usable || usable.code === 'manual') return setError(T.ORDER_PAY_CHOOSE_CHANNEL_FIRST);
    setError(undefined);
    try {
      onIssued(await collect.mutateAsync({ kind: choice.kind, channel: usable.code }));
    } catch {
      // The query client showed the server's refusal.
    }
  }

  return (
    <div className="repay-panel" data-testid="repay-panel">
      <h3 className="order-subtitle">{T.ORDER_PAY_AMOUNT_TITLE}</h3>
      <Radio.Group
        value={kind ?? null}
        onChange={(value) => {
          setKind(value as RepayChoice['kind']);
          setError(undefined);
        }}
      >
        <div className="choice-cards" role="radiogroup" aria-label={T.ORDER_PAY_AMOUNT_TITLE}>
          {choices.map((item) => (
            <ChoiceCard
              key={item.kind}
              value={item.kind}
              testId={`choice-${item.kind}`}
              title={item.label}
              extra={<strong className="choice-card-amount">{formatMoney(item.amount)}</strong>}
            >
              {item.kind === 'payoff' && kind === 'payoff' ? <PayoffBreakdown orderId={orderId} /> : null}
            </ChoiceCard>
          ))}
        </div>
      </Radio.Group>

      <h3 className="order-subtitle">{T.ORDER_PAY_CHANNEL_TITLE}</h3>
      <ChannelChoices
        channels={options.channels}
        amount={choice?.amount}
        value={channelCode}
        onChange={(code) => {
          setChannelCode(code);
          setError(undefined);
        }}
      />

      {usable?.code === 'manual' ? (
        <ManualTransferForm
          orderId={orderId}
          disbursedOn={disbursedOn}
          suggestedAmount={choice?.amount}
          onDone={(payment) => {
            // Reported once: the form closes, the transfer shows above as 待確認.
            setChannelCode(undefined);
            onIssued(payment);
          }}
        />
      ) : (
        <div className="order-pay-actions">
          <FormError message={error} />
          {choice ? (
            <p className="order-pay-total">
              {T.ORDER_PAY_TOTAL} <strong>{formatMoney(choice.amount + (usable?.payerFee ?? 0))}</strong>
            </p>
          ) : null}
          <Button block color="primary" size="large" shape="rounded" loading={collect.isPending} onClick={() => void issue()} data-testid="issue-payment">
            {usable?.code === 'atm' ? T.ORDER_PAY_ISSUE_ATM : T.ORDER_PAY_ISSUE_CVS}
          </Button>
        </div>
      )}
    </div>
  );
}
