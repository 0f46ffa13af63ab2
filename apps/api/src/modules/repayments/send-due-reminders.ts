import { renderReminder } from '@app/contract/reminder-template.ts';
import type { Db } from '../../db/client.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { isReminderTime } from '../../domain/reminder-hours.ts';
import type { SmsProvider } from '../../plugins/sms.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { getOrders } from '../orders/index.ts';
import { findUserPhones } from '../users/index.ts';
import { getReminderTemplates } from './reminder-templates.ts';
import { deleteReminders, insertRemindersOnce, selectOwingInstalmentsDueOn, selectSentReminders } from './repayments-repository.ts';

/**
 * Reminders recorded and sent per transaction. A run's time is round trips and commits, not
 * work: one transaction per message cost a lender's morning ~2.5 ms each (decision 0170).
 * A crash in the middle of a batch can send its messages again; a failed send never loses one.
 */
const REMINDER_BATCH = 20;

export type ReminderKind = 'threeDaysBefore' | 'oneDayBefore' | 'firstOverdueDay';

/**
 * Sends today's reminders by SMS, to the borrower only: 3 days and 1 day before an
 * instalment's due date and on the first day after it, while something is owed. Never
 * outside 07:00-22:00 Taipei time (answers `waiting` and sends nothing; the job runs
 * again in the morning). Reminders are recorded before they are sent, in batches of
 * REMINDER_BATCH, each in one transaction with its sending, so each goes once: a failed
 * send takes back its record and those of the batch not yet sent (a later run sends them),
 * the ones sent stay recorded, and the error ends the run.
 * The texts are the templates in force when the run starts (reminder-templates.ts: an
 * administrator's latest, else the default).
 */
export async function sendDueReminders(options: { db: Db; sms: SmsProvider; now: Date }): Promise<{ waiting: boolean; sent: number }> {
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
  const orderIds = [...new Set(owing.map((row) => row.orderId))];
  const orders = new Map((await getOrders({ db, orderIds })).map((order) => [order.id, order]));
  // Those already sent (a repeated run, a retry) are skipped without a transaction;
  // insertRemindersOnce still decides, in the sending transaction, against a concurrent run.
  const already = await selectSentReminders(db, orderIds, [...kinds.keys()]);
  const templates = owing.length > 0 ? await getReminderTemplates({ db }) : null;
  const due = owing.flatMap((instalment) => {
    const kind = kinds.get(instalment.dueDate);
    const order = orders.get(instalment.orderId);
    if (!kind || !order || !templates || !(REPAYING_ORDER_STATES as readonly string[]).includes(order.state)) return [];
    const key = `${order.id}:${kind}:${instalment.dueDate}`;
    if (already.has(key)) return [];
    already.add(key);
    return [{ instalment, kind, order, templates }];
  });
  let sent = 0;
  for (let from = 0; from < due.length; from += REMINDER_BATCH) {
    const batch = due.slice(from, from + REMINDER_BATCH);
    const outcome = await db.transaction(async (tx) => {
      const recorded = await insertRemindersOnce(
        tx,
        batch.map(({ instalment, kind, order }) => ({ orderId: order.id, kind, dueDate: instalment.dueDate, sentAt: now })),
      );
      const mine = batch.filter(({ instalment, kind, order }) => recorded.has(`${order.id}:${kind}:${instalment.dueDate}`));
      const phones = await findUserPhones({ db: tx, userIds: mine.map(({ order }) => order.userId) });
      let delivered = 0;
      for (const [k, { instalment, kind, order, templates }] of mine.entries()) {
        const phone = phones.get(order.userId);
        if (!phone) continue;
        const owed =
          instalment.principal +
          instalment.interest +
          instalment.fee +
          instalment.overdueInterest -
          instalment.paidPrincipal -
          instalment.paidInterest -
          instalment.paidFee -
          instalment.paidOverdueInterest;
        const values = { productName: order.productName, dueDate: instalment.dueDate, amount: owed };
        const text =
          kind === 'firstOverdueDay'
            ? renderReminder(templates.firstOverdueDay.text, values)
            : renderReminder(templates.dueSoon.text, { ...values, daysBefore: kind === 'threeDaysBefore' ? 3 : 1 });
        try {
          await sms.send(phone, text, now);
        } catch (error) {
          // This one and those after it were not sent: their records go, the ones sent stay.
          await deleteReminders(
            tx,
            mine.slice(k).map((item) => ({ orderId: item.order.id, kind: item.kind, dueDate: item.instalment.dueDate })),
          );
          return { delivered, error };
        }
        delivered += 1;
      }
      return { delivered, error: null };
    });
    sent += outcome.delivered;
    if (outcome.error) throw outcome.error;
  }
  return { waiting: false, sent };
}
