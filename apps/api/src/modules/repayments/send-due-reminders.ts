import { reminderDueSoon, reminderFirstOverdueDay } from '@app/contract/messages/repayments.ts';
import type { Db } from '../../db/client.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { isReminderTime } from '../../domain/reminder-hours.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { findInstalmentsDueOn } from '../orders/find-instalments-due-on.ts';
import { findUserPhone } from '../users/find-user-phone.ts';
import { insertReminderOnce } from './repayments-repository.ts';

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
  const owing = await findInstalmentsDueOn({ db, dates: [...kinds.keys()] });
  let sent = 0;
  for (const item of owing) {
    const kind = kinds.get(item.instalment.dueDate);
    if (!kind) continue;
    const delivered = await db.transaction(async (tx) => {
      if (!(await insertReminderOnce(tx, { orderId: item.orderId, kind, dueDate: item.instalment.dueDate, sentAt: now }))) return false;
      const phone = await findUserPhone({ db: tx, userId: item.userId });
      if (!phone) return false;
      const text =
        kind === 'firstOverdueDay'
          ? reminderFirstOverdueDay(item.productName, item.instalment.dueDate, item.owed)
          : reminderDueSoon(item.productName, item.instalment.dueDate, item.owed, kind === 'threeDaysBefore' ? 3 : 1);
      await sms.send(phone, text, now);
      return true;
    });
    if (delivered) sent += 1;
  }
  return { waiting: false, sent };
}
