/**
 * What other modules may use of `payments` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import { selectPaidOutByDay } from './payout-figures-repository.ts';

export { bankBatchFile, createBankBatch, decodeBankFile, importBankResult, listBankBatches } from './bank-batch.ts';
export type { BankFileEncoding } from './bank-batch.ts';
export { describePayoutFailure } from './describe-payout-failure.ts';
export { listPayoutsBetween } from './list-payouts-between.ts';
export { listPayouts } from './list-payouts.ts';
export { releasePayout } from './release-payout.ts';
export { requestPayout } from './request-payout.ts';
export type { PayoutPolicy } from './request-payout.ts';
export { retryPayout } from './retry-payout.ts';

/** Money paid out per Taipei day of [from, until): payouts the provider confirmed (completed), counted on that day. */
export async function sumPayoutsByDay(options: {
  db: Db;
  from: Date;
  until: Date;
}): Promise<Array<{ day: string; count: number; amount: number }>> {
  return selectPaidOutByDay(options.db, options.from, options.until);
}
