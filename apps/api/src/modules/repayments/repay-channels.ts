import { REPAY_CHANNEL_TEXTS, repayOverChannelLimit, repayUnderChannelMinimum } from '@app/contract/messages/repayments.ts';
import type { TRepayChannel, TRepayChannelCode } from '@app/contract/schemas/repayments.ts';
import type { RepayConfig } from '../../config/env.ts';
import { AppError } from '../../errors/app-error.ts';

/** Manual transfers have no gateway limit; this only keeps typos out (the operator checks the receipt). */
const MANUAL_MAX_AMOUNT = 10_000_000;

/** The channels as configured (env REPAY_*): limits, the payer's fee and how long a code stays valid. */
export function repayChannels(config: RepayConfig): TRepayChannel[] {
  return [
    { code: 'cvs', ...REPAY_CHANNEL_TEXTS.cvs, ...config.cvs, validHours: config.codeValidHours },
    { code: 'atm', ...REPAY_CHANNEL_TEXTS.atm, ...config.atm, validHours: config.codeValidHours },
    { code: 'manual', ...REPAY_CHANNEL_TEXTS.manual, minAmount: 1, maxAmount: MANUAL_MAX_AMOUNT, payerFee: 0, validHours: 0 },
  ];
}

/**
 * Refuses an amount outside a channel's limits with what to do instead: split it, or the
 * channel that takes it.
 */
export function checkChannelLimits(config: RepayConfig, code: TRepayChannelCode, amount: number): void {
  const channels = repayChannels(config);
  const channel = channels.find((candidate) => candidate.code === code);
  if (!channel) throw new Error(`unknown channel ${code}`);
  const other = channels.find(
    (candidate) => candidate.code !== code && candidate.code !== 'manual' && amount >= candidate.minAmount && amount <= candidate.maxAmount,
  );
  if (amount > channel.maxAmount) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: repayOverChannelLimit(channel.name, channel.maxAmount, other?.name ?? REPAY_CHANNEL_TEXTS.manual.name),
      message: 'amount over the channel limit',
    });
  }
  if (amount < channel.minAmount) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: repayUnderChannelMinimum(channel.name, channel.minAmount, other?.name ?? REPAY_CHANNEL_TEXTS.manual.name),
      message: 'amount under the channel minimum',
    });
  }
}
