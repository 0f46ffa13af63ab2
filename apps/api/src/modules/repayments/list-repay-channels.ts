import type { TRepayChannelResponse } from '@app/contract/schemas/repayments.ts';
import type { RepayConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { repayChannels } from './repay-channels.ts';
import { ownOrder, repayChoices, repaymentPosition } from './repayment-position.ts';

/** repay/channel: the channels with their limits and fees, and what can be paid on this order now. */
export async function listRepayChannels(options: {
  db: Db;
  userId: number;
  orderId: number;
  now: Date;
  config: RepayConfig;
}): Promise<TRepayChannelResponse> {
  const { db, userId, now, config } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  const position = await repaymentPosition({ db, order, today: taipeiCalendarDate(now), now });
  return { channels: repayChannels(config), choices: repayChoices(position) };
}
