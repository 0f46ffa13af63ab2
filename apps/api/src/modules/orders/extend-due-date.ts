import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { Money } from '../../domain/money.ts';
import { selectInstalments, selectOrderForUpdate, updateInstalmentDueDate } from './orders-repository.ts';

/**
 * An extension was paid (展期): the single instalment's due date moves from `fromDueDate`
 * to `newDueDate`, and its interest becomes what accrues from the extension day to the
 * new due date (the interest up to the extension day was paid with it). In the caller's
 * transaction; false, changing nothing, when the order is not 待還款 or the due date is
 * no longer `fromDueDate` (it already moved): a due date moves once per extension.
 */
export async function extendDueDate(options: {
  db: Db;
  orderId: number;
  fromDueDate: CalendarDate;
  newDueDate: CalendarDate;
  /** Interest from the extension day to the new due date. */
  interest: Money;
}): Promise<boolean> {
  const { db, orderId } = options;
  const order = await selectOrderForUpdate(db, orderId);
  if (!order || order.state !== '待還款' || order.terms?.method !== 'singleRepayment') return false;
  const [instalment] = await selectInstalments(db, [orderId]);
  if (!instalment) return false;
  return updateInstalmentDueDate(db, {
    orderId,
    fromDueDate: options.fromDueDate,
    newDueDate: options.newDueDate,
    interest: instalment.paidInterest + options.interest,
  });
}
