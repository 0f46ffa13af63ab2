import type { TExtensionTrialResponse } from '@app/contract/schemas/repayments.ts';
import type { Db } from '../../db/client.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { ownOrder, repaymentPosition } from './repayment-position.ts';

/**
 * extension/trial: what extending costs today (the interest accrued so far plus the
 * disclosed fee), the new due date and the APR of the whole loan with its extensions;
 * or, not allowed, the reason in plain words (instalment product, maximum reached,
 * outside the window, over the cap).
 */
export async function tryExtension(options: { db: Db; userId: number; orderId: number; now: Date }): Promise<TExtensionTrialResponse> {
  const { db, userId, now } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  const position = await repaymentPosition({ db, order, today: taipeiCalendarDate(now) });
  const extension = position.extension;
  const instalment = position.account?.instalments[0];
  const currentDueDate = instalment && instalment.settledOn === null ? instalment.dueDate : null;
  const common = {
    currentDueDate,
    extensionsUsed: position.account?.extensionsTaken ?? 0,
    extensionsMax: order.terms.method === 'singleRepayment' ? (order.terms.extension?.maxCount ?? 0) : 0,
    aprPercent: extension.apr,
    aprCapPercent: APR_CAP_PERCENT,
  };
  if (!extension.allowed) {
    return { allowed: false, refusal: extension.refusal, accruedInterest: 0, fee: 0, dueNow: 0, newDueDate: null, ...common };
  }
  const { accruedInterest, fee, newDueDate } = extension.quote;
  return { allowed: true, refusal: null, accruedInterest, fee, dueNow: accruedInterest + fee, newDueDate, ...common };
}
