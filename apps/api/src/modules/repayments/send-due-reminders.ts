import { reminderDueSoon, reminderFirstOverdueDay } from '@app/contract/messages/repayments.ts';
import type { Db } from '../../db/client.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { isReminderTime } from '../../domain/reminder-hours.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { getOrders } from '../orders/get-order.ts';
import { findUserPhone } from '../users/find-user-phone.ts';
import { insertReminderOnce, selectOwingInstalmentsDueOn } from './repayments-repository.ts';

export type ReminderKind = 'threeDaysBefore' | 'oneDayBefore' | 'firstOverdueDay';

/**
 * Sends today's reminders by SMS, to the borrower only: 3 days and 1 day before an
 * instalment's due date and on the first day after it, while something is owed. Never
 * outside 07:00-22:00 Taipei time (answers `waiting` and sends nothing; the job runs
 * again in the morning). Each reminder is recorded before it is sent, in one
 * transaction with the sending, so it goes once (a failed send rolls back and is retried).
 */
export async function sendDueReminders(options: {
  db: Db;
  sms: SmsProvider;
  now: Date;
}): Promise<{ waiting: boolean; sent: number }> {
  const { db, sms, now } = options;
  if (!isReminderTime(now)) return { waiting: true, sent: 0 };
  const today = taipeiCalendarDate(now);
  const kinds = new Map<string, ReminderKind>([
    [addDays(today, 3), 'threeDaysBefore'],
    [addDays(today, 1), 'oneDayBefore'],
    [addDays(today, -1), 'firstOverdueDay'],
  ]);
  const owing = await selectOwingInstalmentsDueOn(db, [...kinds.keys()]);
  // Only orders still repaying are reminded (the instalment rows are the loan account's read model).
  const orders = new Map((await getOrders({ db, orderIds: [...new Set(owing.map((row) => row.orderId))] })).map((order) => [order.id, order]));
  let sent = 0;
  for (const instalment of owing) {
    const kind = kinds.get(instalment.dueDate);
    const order = orders.get(instalment.orderId);
    if (!kind || !order || !(REPAYING_ORDER_STATES as readonly string[]).includes(order.state)) continue;
    const owed = instalment.principal + instalment.interest + instalment.fee + instalment.overdueInterest - instalment.paidPrincipal - instalment.paidInterest - instalment.paidFee - instalment.paidOverdueInterest;
    const delivered = await db.transaction(async (tx) => {
      if (!(await insertReminderOnce(tx, { orderId: order.id, kind, dueDate: instalment.dueDate, sentAt: now }))) return false;
      const phone = await findUserPhone({ db: tx, userId: order.userId });
      if (!phone) return false;
      const text =
        kind === 'firstOverdueDay'
          ? reminderFirstOverdueDay(order.productName, instalment.dueDate, owed)
          : reminderDueSoon(order.productName, instalment.dueDate, owed, kind === 'threeDaysBefore' ? 3 : 1);
      await sms.send(phone, text, now);
      return true;
    });
    if (delivered) sent += 1;
  }
  return { waiting: false, sent };
}
