import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Radio from 'antd-mobile/es/components/radio';
import * as T from '@app/contract/messages/order-pages.ts';
import { REPAY_PARTS_ALL_ISSUED } from '@app/contract/messages/repayments.ts';
import { nextPayoffPart } from '@app/contract/schemas/repayments.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { QueryState } from '../../../shared/ui/query-state.tsx';
import type { OrderPayment } from '../../../shared/orders/order-detail.ts';
import { useCollect, useReplan, type RepayChoice, type RepayOptions } from '../api/repayments.ts';
import { formatDate, formatLabelledMoney, formatMoney } from '../../../shared/utils/format.ts';
import { PartList } from '../../../shared/ui/part-list.tsx';
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
            <PartList
              parts={[
                `${T.ORDER_PAY_PAYOFF_INTEREST_UNTIL} ${formatDate(answer.interestUntil)}`,
                formatLabelledMoney(T.ORDER_INSTALMENT_PRINCIPAL, answer.principal),
                formatLabelledMoney(T.ORDER_INSTALMENT_INTEREST, answer.interest),
                answer.fee > 0 ? formatLabelledMoney(T.ORDER_INSTALMENT_FEE, answer.fee) : null,
                answer.overdueInterest > 0 ? formatLabelledMoney(T.ORDER_INSTALMENT_OVERDUE, answer.overdueInterest) : null,
              ]}
            />
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
  const [picked, setKind] = useState<RepayChoice['kind'] | undefined>(choices[0]?.kind);
  const [channelCode, setChannelCode] = useState<string>();
  const [error, setError] = useState<string>();
  const collect = useCollect(orderId);
  // The choices follow the server: one that is gone (an instalment paid meanwhile) is no longer chosen.
  const choice = choices.find((c) => c.kind === picked);
  const kind = choice?.kind;
  const channel = options.channels.find((c) => c.code === channelCode);
  // A payoff over a channel's limit is paid in parts: what the open part codes do not cover yet.
  const payoff = choice?.kind === 'payoff';
  const left = choice ? choice.amount - (choice.coveredByOpenParts ?? 0) : undefined;
  const inParts = payoff && channel !== undefined && channel.code !== 'manual' && choice.amount > channel.maxAmount;
  const part = inParts && left !== undefined ? nextPayoffPart(left, channel) : null;
  const payAmount = inParts ? (part ?? undefined) : choice?.amount;
  const usable = channel && channelRefusal(channel, payoff ? left : choice?.amount, payoff) === null ? channel : undefined;
  const allPartsIssued = inParts && left !== undefined && left <= 0;

  if (choices.length === 0) return <p className="order-section-empty">{T.ORDER_PAY_NO_CHOICES}</p>;

  async function issue() {
    if (!choice || payAmount === undefined) return setError(T.ORDER_PAY_CHOOSE_AMOUNT_FIRST);
    if (!usable || usable.code === 'manual') return setError(T.ORDER_PAY_CHOOSE_CHANNEL_FIRST);
    setError(undefined);
    const input = inParts
      ? { kind: 'payoffPart' as const, channel: usable.code, amount: payAmount }
      : { kind: choice.kind, channel: usable.code, amount: payAmount, ...(choice.instalment ? { instalment: choice.instalment } : {}) };
    try {
      onIssued(await collect.mutateAsync(input));
    } catch {
      // The query client showed the server's refusal; the choices are read again.
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
              {item.kind === 'payoff' && kind === 'payoff' && (item.coveredByOpenParts ?? 0) > 0 ? (
                <p className="choice-card-note" data-testid="payoff-parts-covered">
                  {T.payoffPartsCoveredText(item.coveredByOpenParts ?? 0)}
                </p>
              ) : null}
            </ChoiceCard>
          ))}
        </div>
      </Radio.Group>

      <h3 className="order-subtitle">{T.ORDER_PAY_CHANNEL_TITLE}</h3>
      <ChannelChoices
        channels={options.channels}
        amount={payoff ? left : choice?.amount}
        inParts={payoff}
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
          {allPartsIssued ? (
            <p className="order-note" role="status" data-testid="payoff-parts-all-issued">
              {REPAY_PARTS_ALL_ISSUED}
            </p>
          ) : inParts && part !== null && left !== undefined && channel ? (
            <p className="order-note" data-testid="payoff-part">
              {T.payoffPartText(channel.name, channel.maxAmount, part, left - part)}
            </p>
          ) : null}
          {payAmount !== undefined && !allPartsIssued ? (
            <p className="order-pay-total" data-testid="pay-total">
              {T.ORDER_PAY_TOTAL} <strong>{formatMoney(payAmount)}</strong>
            </p>
          ) : null}
          {usable && usable.payerFee > 0 ? (
            <p className="choice-card-note" data-testid="pay-fee-note">
              {T.payerFeeNote(usable.payerFee)}
            </p>
          ) : null}
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            disabled={allPartsIssued}
            loading={collect.isPending}
            onClick={() => void issue()}
            data-testid="issue-payment"
          >
            {inParts
              ? usable?.code === 'atm'
                ? T.ORDER_PAY_ISSUE_PART_ATM
                : T.ORDER_PAY_ISSUE_PART_CVS
              : usable?.code === 'atm'
                ? T.ORDER_PAY_ISSUE_ATM
                : T.ORDER_PAY_ISSUE_CVS}
          </Button>
        </div>
      )}
    </div>
  );
}
