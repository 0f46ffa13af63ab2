import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { EXTENSION_MAX_REACHED, EXTENSION_NOT_EXTENDABLE, extensionOutsideWindow } from '@app/contract/messages/repayments.ts';
import type { TExtensionTrialResponse, TPaymentResponse } from '@app/contract/schemas/repayments.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { addDays } from '../../domain/loan-schedule/calendar-date.ts';
import { taipeiInstant } from '../../domain/reminder-hours.ts';
import type { ConsoleSmsProvider, SmsProvider } from '../../plugins/sms.ts';
import { repaymentReminders } from '../../db/schema/repayments.ts';
import { accountsServerPerFile, bodyOf, HOUR, ManualClock, refusal, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import {
  collect,
  detailOf,
  expectBooksBalance,
  openRepayingOrder,
  paidNotification,
  postNotification,
  requestId,
} from '../../test/repayments-test-kit.ts';
import { OVERDUE_QUEUE, runOverdue } from './daily-repayment-jobs.ts';
import { sendDueReminders } from './send-due-reminders.ts';

const DAY_MS = 24 * HOUR;

// 2030-01-31 10:00 in Taipei; sessions outlive the months the clock moves through.
const { database, server } = accountsServerPerFile({
  clock: new ManualClock(Date.parse('2030-01-31T02:00:00Z')),
  env: { SESSION_IDLE_DAYS: '3650' },
});

const db = () => database.handle.db;
const trialOf = async (user: LoggedIn, orderId: number) =>
  (await server.client.call(ENDPOINTS.extensionTrial, { orderId: String(orderId) }, user.headers)).envelope;
const extend = (user: LoggedIn, orderId: number) =>
  server.client.call(ENDPOINTS.extensionRepay, { requestId: requestId(), orderId: String(orderId), channel: 'cvs' }, user.headers);
/** Moves the clock to 10:00 Taipei on `day`. */
const moveTo = (day: string) => server.clock.advance(taipeiInstant(day, 10).getTime() - server.clock.now().getTime());

describe('extension: twice, then refused', () => {
  it('quotes, pays and moves the due date once per extension, refuses a third, then pays off with interest since the last one', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    expect((await detailOf(server, user, orderId)).instalments.map((row) => [row.dueDate, row.principal, row.interest])).toEqual([
      ['2030-05-01', 10_000, 296],
    ]);
    // On the payout day: outside the 7-day window before the due date.
    expect(bodyOf<TExtensionTrialResponse>(await trialOf(user, orderId))).toMatchObject({
      allowed: false,
      refusal: extensionOutsideWindow(7, '2030-04-24'),
      currentDueDate: '2030-05-01',
    });

    moveTo('2030-04-28');
    const first = bodyOf<TExtensionTrialResponse>(await trialOf(user, orderId));
    // 10,000 × 12 % × 87 days / 365 = 286.03 → 286; the fee is 0.25 % of the principal.
    expect(first).toMatchObject({
      allowed: true,
      refusal: null,
      accruedInterest: 286,
      fee: 25,
      dueNow: 311,
      currentDueDate: '2030-05-01',
      newDueDate: '2030-05-31',
      extensionsUsed: 0,
      extensionsMax: 2,
      aprCapPercent: 16,
    });
    expect(first.aprPercent).toBeGreaterThan(12);
    expect(first.aprPercent).toBeLessThanOrEqual(16);

    const payment = bodyOf<TPaymentResponse>((await extend(user, orderId)).envelope).payment;
    expect(payment).toMatchObject({ kind: 'extension', amount: 311, state: 'pending' });
    // The gateway repeats its notification, some at the same moment: the due date moves once.
    const fields = paidNotification(server, payment.id, 311);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postNotification(server, fields)));
    expect(answers.map((answer) => answer.text)).toEqual(Array(5).fill('1|OK'));
    expect((await postNotification(server, fields)).text).toBe('1|OK');
    const once = await detailOf(server, user, orderId);
    // 30 days more; the instalment carries its interest to the new due date, 10,000 × 12 % × 120 / 365 = 394.5 → 395,
    // of which the 286 to the extension day is paid.
    expect(once.instalments.map((row) => [row.dueDate, row.principal, row.interest, row.paid])).toEqual([['2030-05-31', 10_000, 395, 286]]);
    expect(once).toMatchObject({ state: '待還款', extensionsUsed: 1 });

    moveTo('2030-05-29');
    const second = bodyOf<TExtensionTrialResponse>(await trialOf(user, orderId));
    // Interest to the day, 10,000 × 12 % × 118 / 365 = 387.9 → 388, less the 286 paid: 102.
    expect(second).toMatchObject({
      allowed: true,
      accruedInterest: 102,
      fee: 25,
      dueNow: 127,
      currentDueDate: '2030-05-31',
      newDueDate: '2030-06-30',
      extensionsUsed: 1,
    });
    const secondPayment = bodyOf<TPaymentResponse>((await extend(user, orderId)).envelope).payment;
    expect((await postNotification(server, paidNotification(server, secondPayment.id, 127))).text).toBe('1|OK');
    expect((await detailOf(server, user, orderId)).instalments.map((row) => row.dueDate)).toEqual(['2030-06-30']);

    moveTo('2030-06-28');
    expect(bodyOf<TExtensionTrialResponse>(await trialOf(user, orderId))).toMatchObject({
      allowed: false,
      refusal: EXTENSION_MAX_REACHED,
      extensionsUsed: 2,
      extensionsMax: 2,
      dueNow: 0,
    });
    expect((await extend(user, orderId)).envelope).toEqual(refusal(EXTENSION_MAX_REACHED));

    // Paid off: 10,000 + interest to the day (10,000 × 12 % × 148 / 365 = 486.6 → 487) less the 388 paid: 99.
    const payoff = (await collect(server, user, orderId, 'payoff')).payment!;
    expect(payoff.amount).toBe(10_099);
    expect((await postNotification(server, paidNotification(server, payoff.id, 10_099))).text).toBe('1|OK');
    const settled = await detailOf(server, user, orderId);
    expect(settled).toMatchObject({ state: '已結清', extensionsUsed: 2, outstanding: 0 });
    expect(settled.instalments.map((row) => [row.dueDate, row.interest, row.paid, row.state])).toEqual([
      ['2030-06-30', 487, 10_487, 'paid'],
    ]);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 311 + 127 + 10_099, creditKept: 0 });
  });

  it('is refused for an instalment product', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 10_000, 3);
    expect(bodyOf<TExtensionTrialResponse>(await trialOf(user, orderId))).toMatchObject({
      allowed: false,
      refusal: EXTENSION_NOT_EXTENDABLE,
      extensionsMax: 0,
    });
    expect((await extend(user, orderId)).envelope).toEqual(refusal(EXTENSION_NOT_EXTENDABLE));
  });
});

describe('the daily overdue run', () => {
  it('marks an order past due once: a second run the same day, or two at once the next day, change nothing more', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 5_000, 90);
    const due = (await detailOf(server, user, orderId)).nextDueDate!;
    moveTo(addDays(due, 5));
    expect(await runOverdue({ db: db(), now: server.clock.now() })).toBeGreaterThanOrEqual(1);
    const first = await detailOf(server, user, orderId);
    expect(first.state).toBe('已逾期');
    // 5,000 × 12 % × 5 days / 365 = 8.2 → 8.
    expect(first.instalments.map((row) => [row.overdueInterest, row.total, row.state])).toEqual([[8, 5_000 + 148 + 8, 'overdue']]);
    expect(first.events.filter((event) => event.state === '已逾期')).toHaveLength(1);

    server.clock.advance(6 * HOUR);
    expect(await runOverdue({ db: db(), now: server.clock.now() })).toBe(0);
    expect(await detailOf(server, user, orderId)).toEqual(first);

    // Next day, two instances at once (FOR UPDATE SKIP LOCKED): one day more, once.
    server.clock.advance(DAY_MS);
    await Promise.all([runOverdue({ db: db(), now: server.clock.now() }), runOverdue({ db: db(), now: server.clock.now() })]);
    expect(await runOverdue({ db: db(), now: server.clock.now() })).toBe(0);
    const next = await detailOf(server, user, orderId);
    // 5,000 × 12 % × 6 / 365 = 9.9 → 10.
    expect(next.instalments[0]?.overdueInterest).toBe(10);
    expect(next.events.filter((event) => event.state === '已逾期')).toHaveLength(1);
    await expectBooksBalance(database.handle, orderId);
  });
});

describe('the daily run on the job queue', () => {
  it('runs when its job is queued, as the catch-up at start and the 00:05 chain queue it', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 4_000, 90);
    moveTo(addDays((await detailOf(server, user, orderId)).nextDueDate!, 2));
    await server.app.jobs.send({ name: OVERDUE_QUEUE, data: { day: 'test' }, singletonKey: `overdue:test-${orderId}` });
    let state = (await detailOf(server, user, orderId)).state;
    for (let tries = 0; state !== '已逾期' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await detailOf(server, user, orderId)).state;
    }
    expect(state).toBe('已逾期');
  });
});

describe('reminders', () => {
  it('goes to the borrower 3 days and 1 day before and on the first overdue day, once each, never between 22:00 and 07:00', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const due = (await detailOf(server, user, orderId)).nextDueDate!;
    const sms = server.app.sms as ConsoleSmsProvider;
    const texts = () => sms.outbox(user.mobile).filter((message) => message.text.includes('提醒您'));
    const at = (day: string, hour: number, minute = 0) => taipeiInstant(day, hour, minute);
    const send = (now: Date) => sendDueReminders({ db: db(), sms, now });

    // At night nothing leaves, whatever is due.
    for (const now of [
      at(addDays(due, -4), 22),
      at(addDays(due, -4), 23, 59),
      at(addDays(due, -3), 0),
      at(addDays(due, -3), 6, 59),
      at(addDays(due, -1), 22),
      at(addDays(due, 1), 3),
    ]) {
      expect(await send(now)).toEqual({ waiting: true, sent: 0 });
    }
    expect(texts()).toEqual([]);

    expect((await send(at(addDays(due, -3), 7))).waiting).toBe(false);
    expect(await send(at(addDays(due, -3), 12))).toMatchObject({ waiting: false });
    expect(texts()).toHaveLength(1);
    await send(at(addDays(due, -1), 21, 59));
    await send(at(addDays(due, 1), 7, 30));
    await send(at(addDays(due, 1), 18));
    const sent = texts().reverse();
    expect(sent.map((message) => message.text)).toEqual([
      expect.stringContaining(`3 天後（${due.replaceAll('-', '/')}）到期，應繳 NT$\u00a03,089`),
      expect.stringContaining(`1 天後（${due.replaceAll('-', '/')}）到期`),
      expect.stringContaining(`已於 ${due.replaceAll('-', '/')} 到期`),
    ]);
    for (const message of sms.outbox().filter((item) => item.text.includes('提醒您'))) {
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Taipei', hour: '2-digit', hour12: false }).format(message.sentAt),
      );
      expect(hour).toBeGreaterThanOrEqual(7);
      expect(hour).toBeLessThan(22);
    }
  });

  it('after a failed send keeps those sent before it, takes back the rest, and the next run sends them: each borrower once', async () => {
    const users: Borrower[] = [];
    for (let k = 0; k < 3; k++) users.push(await createBorrower(server, database.handle));
    const orders: number[] = [];
    for (const user of users)
      orders.push(await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90));
    const due = (await detailOf(server, users[0]!, orders[0]!)).nextDueDate!;
    for (const [k, user] of users.entries()) expect((await detailOf(server, user, orders[k]!)).nextDueDate).toBe(due);
    const delivered: string[] = [];
    let attempts = 0;
    const failingSecond: SmsProvider = {
      name: 'failing-second',
      send: async (to) => {
        attempts += 1;
        if (attempts === 2) throw new Error('gateway down');
        delivered.push(to);
      },
    };
    const now = taipeiInstant(addDays(due, -3), 9);
    await expect(sendDueReminders({ db: db(), sms: failingSecond, now })).rejects.toThrow('gateway down');
    const firstRun = [...delivered];
    expect(firstRun).toHaveLength(1);
    // Recorded: exactly the one sent, not the failed one nor those after it.
    const recorded = await db().select().from(repaymentReminders).where(eq(repaymentReminders.dueDate, due));
    expect(recorded.filter((row) => row.kind === 'threeDaysBefore' && orders.includes(row.orderId))).toHaveLength(
      firstRun.filter((to) => users.some((user) => user.mobile === to)).length,
    );
    expect(recorded.filter((row) => row.kind === 'threeDaysBefore' && row.sentAt.getTime() === now.getTime())).toHaveLength(1);

    const result = await sendDueReminders({ db: db(), sms: failingSecond, now });
    expect(result.sent).toBeGreaterThanOrEqual(2);
    for (const user of users) expect(delivered.filter((to) => to === user.mobile)).toHaveLength(1);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(await sendDueReminders({ db: db(), sms: failingSecond, now })).toEqual({ waiting: false, sent: 0 });
  });
});
