import Radio from 'antd-mobile/es/components/radio';
import * as T from '@app/contract/messages/order-pages.ts';
import type { RepayChannel } from '../api/repayments.ts';
import { ChoiceCard } from './choice-card.tsx';
import { PartList } from '../../../shared/ui/part-list.tsx';

/**
 * Why a channel cannot take this amount, or null when it can. `inParts`: an amount over
 * the limit is paid in parts (a payoff), so only one below the minimum is refused.
 */
export function channelRefusal(channel: RepayChannel, amount: number | undefined, inParts = false): string | null {
  if (amount === undefined) return null;
  if (amount > channel.maxAmount && !(inParts && channel.code !== 'manual')) return T.channelOverLimitText(channel.maxAmount);
  if (amount < channel.minAmount) return T.channelUnderLimitText(channel.minAmount);
  return null;
}

/** The repayment channels with their limits and the payer's fee; one over its limit says what to do instead. */
export function ChannelChoices({
  channels,
  amount,
  inParts = false,
  value,
  onChange,
}: {
  channels: readonly RepayChannel[];
  amount: number | undefined;
  /** The amount may be paid in parts (a payoff): over a limit is not a refusal. */
  inParts?: boolean;
  value: string | undefined;
  onChange: (code: RepayChannel['code']) => void;
}) {
  return (
    <Radio.Group value={value ?? null} onChange={(code) => onChange(code as RepayChannel['code'])}>
      <div className="choice-cards" role="radiogroup" aria-label={T.ORDER_PAY_CHANNEL_TITLE}>
        {channels.map((channel) => {
          const refusal = channelRefusal(channel, amount, inParts);
          const parts = refusal === null && amount !== undefined && amount > channel.maxAmount;
          return (
            <ChoiceCard
              key={channel.code}
              value={channel.code}
              disabled={refusal !== null}
              testId={`channel-${channel.code}`}
              title={channel.name}
            >
              <p className="choice-card-text">{channel.description}</p>
              <p className="choice-card-note">
                <PartList
                  parts={[
                    T.channelLimitText(channel.minAmount, channel.maxAmount),
                    channel.validHours > 0 ? T.validHoursText(channel.validHours) : null,
                  ]}
                />
              </p>
              <p className="choice-card-note" data-testid={`channel-fee-${channel.code}`}>
                {channel.payerFee > 0 ? T.channelFeeText(channel.payerFee) : T.ORDER_PAY_FEE_NONE}
              </p>
              {parts ? <p className="choice-card-note choice-card-parts">{T.channelInPartsText(channel.maxAmount)}</p> : null}
              {refusal ? (
                <p className="choice-card-refusal" role="note">
                  {refusal}
                </p>
              ) : null}
            </ChoiceCard>
          );
        })}
      </div>
    </Radio.Group>
  );
}
