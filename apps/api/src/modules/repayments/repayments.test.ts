import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import { PAYMENT_STATE_TEXTS } from '@app/contract/messages/order-pages.ts';
import {
  REPAY_CHANNEL_TEXTS,
  REPAY_RECEIPT_NOT_FOUND,
  repayOverChannelLimit,
  SANDBOX_CODE_KIND_TEXTS,
  SANDBOX_EXPIRES,
  SANDBOX_STATE,
} from '@app/contract/messages/repayments.ts';
import type { TPaymentResponse, TRepayChannelResponse, TReplanRepayResponse } from '@app/contract/schemas/repayments.ts';
import { creditRefunds, repaymentCredits, repaymentRequests } from '../../db/schema/repayments.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { formatTaipeiDateTime } from '../../domain/taipei-time.ts';
import { DESTROY_CREDIT_LEFT } from '@app/contract/messages/accounts.ts';
import { accountsServerPerFile, bodyOf, HOUR, latestCode, ManualClock, refusal, uploadedImage } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import {
  collect,
  detailOf,
  expectBooksBalance,
  openRepayingOrder,
  paidNotification,
  postNotification,
  requestId,
  sandboxGateway,
} from '../../test/repayments-test-kit.ts';
import { runOverdue } from './daily-repayment-jobs.ts';
import { listCreditLeft } from './list-for-review.ts';
import { refundKeptCredit } from './refund-kept-credit.ts';
import { resolveHeldPayment } from './resolve-held-payment.ts';
import { reviewManualTransfer } from './review-manual-transfer.ts';

const logLines: string[] = [];

// 2030-01-31 10:00 in Taipei: schedules counted from a month's 31st.
const { database, server } = accountsServerPerFile({
  clock: new ManualClock(Date.parse('2030-01-31T02:00:00Z')),
  // Sessions outlive the months these tests move the clock through.
  env: { LOG_LEVEL: 'info', SESSION_IDLE_DAYS: '3650' },
  logStream: { write: (line: string) => void logLines.push(line) },
});

const db = () => database.handle.db;
const borrower = () => createBorrower(server, database.handle);
const ACK = '1|OK';
const DAY_MS = 24 * HOUR;

describe('store code: asked for, paid at the counter, settled', () => {
  it('issues a 14-character code valid 72 hours, answers the same one again, and settles when the sandbox counter pays it', async () => {
    const user = await borrower();
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    const { payment } = await collect(server, user, orderId, 'payoff');
    expect(payment).toMatchObject({ state: 'pending', channel: 'cvs', kind: 'payoff', amount: 10_000, virtualAccount: null });
    expect(payment!.storeCode).toMatch(/^[A-Z0-9]{14}$/);
    expect(Date.parse(payment!.expiresAt!) - server.clock.now().getTime()).toBe(72 * HOUR);
    // A new request for the same thing while it is unexpired: the same code.
    expect((await collect(server, user, orderId, 'payoff')).payment?.id).toBe(payment!.id);
    // The same requestId again: the first answer, nothing new.
    const repeatId = requestId();
    const once = await server.client.call(
      ENDPOINTS.repayCollect,
      { requestId: repeatId, orderId: String(orderId), kind: 'payoff', channel: 'atm' },
      user.headers,
    );
    const twice = await server.client.call(
      ENDPOINTS.repayCollect,
      { requestId: repeatId, orderId: String(orderId), kind: 'payoff', channel: 'atm' },
      user.headers,
    );
    expect(bodyOf<TPaymentResponse>(twice.envelope)).toEqual(bodyOf<TPaymentResponse>(once.envelope));

    // The tester at the sandbox counter the answer names: looks the code up, pays it.
    expect(payment!.sandboxPayUrl).toBe(`/sandbox/cvs?code=${payment!.storeCode}`);
    const counter = await fetch(`${server.baseUrl}${payment!.sandboxPayUrl}`);
    // The counter's own form may post back to this server; nothing may frame it.
    expect(counter.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(counter.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await counter.text();
    expect(page).toContain('NT$\u00a010,000');
    // What is owed, as the app says it: the kind, the expiry in Taipei time, the state.
    expect(page).toContain(
      `（${SANDBOX_CODE_KIND_TEXTS.cvs}，${SANDBOX_EXPIRES} ${formatTaipeiDateTime(new Date(payment!.expiresAt!))}，${SANDBOX_STATE} ${PAYMENT_STATE_TEXTS.pending}）`,
    );
    const paid = await fetch(`${server.baseUrl}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: payment!.storeCode!, amount: '10000' }).toString(),
    });
    expect(await paid.text()).toContain(`HTTP 200 ${ACK}`);

    const order = await detailOf(server, user, orderId);
    expect(order).toMatchObject({ state: '已結清', outstanding: 0 });
    // Paid: no counter link any more; the unpaid account is not needed now (no link, no number shown).
    expect(order.payments.map((item) => item.sandboxPayUrl ?? null)).toEqual([null, null]);
    expect(order.payments.map((item) => [item.id === payment!.id, item.channel, item.state])).toEqual([
      [false, 'atm', 'notNeeded'],
      [true, 'cvs', 'paid'],
    ]);
    expect(order.payments[0]?.virtualAccount).toBeNull();
    expect(order.instalments.map((row) => [row.principal, row.interest, row.paid, row.state])).toEqual([[10_000, 0, 10_000, 'paid']]);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 10_000, creditKept: 0 });
  });

  it('credits 200 simultaneous copies of one notification once', async () => {
    const user = await borrower();
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6);
    // On the payout day no interest has run yet: the next instalment is its principal (5,176 − 300 of a month's interest).
    const { payment } = await collect(server, user, orderId, 'nextInstalment');
    expect(payment?.amount).toBe(4_876);
    const fields = paidNotification(server, payment!.id, 4_876);
    const answers = await Promise.all(Array.from({ length: 200 }, () => postNotification(server, fields)));
    expect(answers.every((answer) => answer.status === 200 && answer.text === ACK)).toBe(true);
    const credits = await db().select().from(repaymentCredits).where(eq(repaymentCredits.orderId, orderId));
    expect(credits.map((row) => [row.amount, row.allocated, row.creditKept])).toEqual([[4_876, 4_876, 0]]);
    const order = await detailOf(server, user, orderId);
    expect(order.instalments.map((row) => row.paid)).toEqual([4_876, 0, 0, 0, 0, 0]);
    expect(order.state).toBe('待還款');
    await expectBooksBalance(database.handle, orderId);
  });

  it('refuses a bad check value with HTTP 400, logs it without personal data, and changes nothing', async () => {
    const user = await borrower();
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 5_000, 90);
    const { payment } = await collect(server, user, orderId, 'payoff');
    const fields = paidNotification(server, payment!.id, payment!.amount);
    const before = logLines.length;
    const forged = await postNotification(server, { ...fields, TradeAmt: '1' });
    expect(forged.status).toBe(400);
    expect((await postNotification(server, { ...fields, CheckMacValue: 'not-hex' })).status).toBe(400);
    const refusedLines = logLines.slice(before).filter((line) => line.includes('collection notification refused'));
    expect(refusedLines).toHaveLength(2);
    for (const line of refusedLines) {
      expect(line).toContain('"reason":"signature"');
      expect(line).not.toContain(user.mobile);
      expect(line).not.toContain(user.idNumber);
    }
    expect((await detailOf(server, user, orderId)).state).toBe('待還款');
    expect(await db().select().from(repaymentCredits).where(eq(repaymentCredits.orderId, orderId))).toEqual([]);
  });

  it('holds a payment of another amount for review and never credits it', async () => {
    const user = await borrower();
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 5_000, 90);
    const { payment } = await collect(server, user, orderId, 'payoff');
    expect(await postNotification(server, paidNotification(server, payment!.id, payment!.amount - 1))).toEqual({ status: 200, text: ACK });
    const order = await detailOf(server, user, orderId);
    expect(order.state).toBe('待還款');
    expect(order.payments[0]).toMatchObject({ id: payment!.id, state: 'held' });
    expect(order.instalments[0]?.paid).toBe(0);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 0, creditKept: 0 });

    // An operator credits what actually arrived, once. Short of the payoff, it is an ordinary
    // payment: interest to the day (none yet, on the payout day) first, then 4,999 of principal.
    const at = server.clock.now();
    expect(await resolveHeldPayment({ db: db(), requestId: Number(payment!.id), verdict: 'credit', at })).toBe('credited');
    expect(await resolveHeldPayment({ db: db(), requestId: Number(payment!.id), verdict: 'credit', at })).toBe('notHeld');
    const credited = await detailOf(server, user, orderId);
    expect(credited.payments[0]).toMatchObject({ state: 'paid' });
    expect(credited).toMatchObject({ state: '待還款', outstanding: 1 });
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: payment!.amount - 1, creditKept: 0 });
  });
});

describe('allocation and early payoff through the gateway, whole tables', () => {
  it('marks the first instalment overdue, pays everything due, then pays the loan off with interest to the day', async () => {
    const user = await borrower();
    // Paid out on 2030-01-31 (or the clock's day): NT$30,000 over 6 months at 12 %.
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6);
    const start = await detailOf(server, user, orderId);
    const payoutDay = start.disbursedOn!;
    expect(payoutDay).toBe('2030-01-31');
    expect(start.instalments.map((row) => [row.dueDate, row.principal, row.interest, row.total])).toEqual([
      ['2030-02-28', 4_876, 300, 5_176],
      ['2030-03-31', 4_925, 251, 5_176],
      ['2030-04-30', 4_974, 202, 5_176],
      ['2030-05-31', 5_024, 152, 5_176],
      ['2030-06-30', 5_074, 102, 5_176],
      ['2030-07-31', 5_127, 51, 5_178],
    ]);

    server.clock.advance(38 * DAY_MS); // 2030-03-10, ten days after the first due date
    expect(await runOverdue({ db: db(), now: server.clock.now() })).toBeGreaterThanOrEqual(1);
    const late = await detailOf(server, user, orderId);
    expect(late.state).toBe('已逾期');
    // 4,876 × 12 % × 10 / 365 = 16.03 → 16.
    expect(late.instalments[0]).toMatchObject({ overdueInterest: 16, total: 5_192, state: 'overdue' });

    const channels = bodyOf<TRepayChannelResponse>(
      (await server.client.call(ENDPOINTS.repayChannel, { orderId: String(orderId) }, user.headers)).envelope,
    );
    expect(channels.choices).toEqual([
      { kind: 'nextInstalment', amount: 5_192, label: '第 1 期（2030/02/28 到期）', instalment: 1 },
      { kind: 'payoff', amount: 30_397, label: '全部結清（利息計至今日）', coveredByOpenParts: 0 },
    ]);
    expect(
      channels.channels.map((channel) => [channel.code, channel.minAmount, channel.maxAmount, channel.payerFee, channel.validHours]),
    ).toEqual([
      ['cvs', 33, 20_000, 0, 72],
      ['atm', 1, 30_000, 15, 72],
      ['manual', 1, 10_000_000, 0, 0],
    ]);

    const due = await collect(server, user, orderId, 'allDue', 'atm');
    expect(due.payment).toMatchObject({ amount: 5_192, storeCode: null, virtualAccount: { bankCode: '822' } });
    expect(due.payment!.virtualAccount!.account).toMatch(/^\d{14}$/);
    expect((await postNotification(server, paidNotification(server, due.payment!.id, 5_192))).text).toBe(ACK);
    const current = await detailOf(server, user, orderId);
    expect(current.state).toBe('待還款');
    expect(current.instalments.map((row) => [row.paid, row.state])).toEqual([
      [5_192, 'paid'],
      [0, 'unpaid'],
      [0, 'unpaid'],
      [0, 'unpaid'],
      [0, 'unpaid'],
      [0, 'unpaid'],
    ]);

    const quote = bodyOf<TReplanRepayResponse>(
      (await server.client.call(ENDPOINTS.replanRepay, { orderId: String(orderId), kind: 'payoff' }, user.headers)).envelope,
    );
    // 25,124 outstanding × 1 % a month × 10 of the period's 31 days = 81.05 → 81; the 677 of later interest is saved.
    expect(quote).toEqual({
      kind: 'payoff',
      amount: 25_205,
      principal: 25_124,
      interest: 81,
      fee: 0,
      overdueInterest: 0,
      interestUntil: '2030-03-10',
      interestSaved: 677,
    });

    const overLimit = await collect(server, user, orderId, 'payoff', 'cvs');
    expect(overLimit.result.envelope).toEqual(
      refusal(repayOverChannelLimit(REPAY_CHANNEL_TEXTS.cvs.name, 20_000, REPAY_CHANNEL_TEXTS.atm.name)),
    );
    const payoff = await collect(server, user, orderId, 'payoff', 'atm');
    expect(payoff.payment?.amount).toBe(25_205);
    expect((await postNotification(server, paidNotification(server, payoff.payment!.id, 25_205))).text).toBe(ACK);

    const settled = await detailOf(server, user, orderId);
    expect(settled.state).toBe('已結清');
    expect(settled.instalments.map((row) => [row.principal, row.interest, row.overdueInterest, row.paid, row.state])).toEqual([
      [4_876, 300, 16, 5_192, 'paid'],
      [4_925, 81, 0, 5_006, 'paid'],
      [4_974, 0, 0, 4_974, 'paid'],
      [5_024, 0, 0, 5_024, 'paid'],
      [5_074, 0, 0, 5_074, 'paid'],
      [5_127, 0, 0, 5_127, 'paid'],
    ]);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 5_192 + 25_205, creditKept: 0 });
  });

  it('out of order and late: a payoff paid before an earlier request, then the earlier one, then one past its expiry', async () => {
    const user = await borrower();
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 12_000, 3);
    const next = (await collect(server, user, orderId, 'nextInstalment')).payment!;
    const payoff = (await collect(server, user, orderId, 'payoff', 'atm')).payment!;
    expect(payoff.amount).toBe(12_000);
    // A failed attempt is acknowledged and changes nothing.
    const failed = sandboxGateway(server).notificationFields({
      requestId: payoff.id,
      transactionId: 'SBXCFAILED01',
      amount: payoff.amount,
      paidAt: server.clock.now(),
      paid: false,
    });
    expect((await postNotification(server, failed)).text).toBe(ACK);
    expect((await detailOf(server, user, orderId)).payments.map((item) => item.state)).toEqual(['pending', 'pending']);
    // The payoff arrives first: settled.
    expect((await postNotification(server, paidNotification(server, payoff.id, payoff.amount))).text).toBe(ACK);
    const settled = await detailOf(server, user, orderId);
    expect(settled.state).toBe('已結清');
    expect(settled.creditKept).toBe(0);
    // The earlier code is no longer shown: nothing is owed, nobody should pay it.
    expect(settled.payments.find((payment) => payment.id === next.id)).toMatchObject({
      state: 'notNeeded',
      storeCode: null,
      virtualAccount: null,
    });
    expect(settled.payments.find((payment) => payment.id === next.id)?.sandboxPayUrl).toBeUndefined();
    // The earlier request is paid afterwards all the same: the money is kept as credit, and the borrower sees it.
    expect((await postNotification(server, paidNotification(server, next.id, next.amount))).text).toBe(ACK);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 12_000 + next.amount, creditKept: next.amount });
    const credited = await detailOf(server, user, orderId);
    expect(credited.creditKept).toBe(next.amount);
    expect(credited.payments.find((payment) => payment.id === next.id)?.state).toBe('paid');
    expect(credited.creditRefunded).toBe(0);
    expect(await listCreditLeft({ db: db() })).toContainEqual({ orderId, kept: next.amount, refunded: 0, left: next.amount });

    // The borrower's money is still here: the account cannot be deleted before it is paid back.
    server.clock.advance(61_000);
    await server.client.call(ENDPOINTS.sendVerifyCode, { mobile: user.mobile, purpose: 'destroy' }, user.headers);
    const destroyCode = await latestCode(server, user.mobile);
    expect((await server.client.call(ENDPOINTS.destroy, { code: destroyCode }, user.headers)).envelope).toEqual(
      refusal(DESTROY_CREDIT_LEFT),
    );
    expect((await detailOf(server, user, orderId)).creditKept).toBe(next.amount);

    // The operator pays the credit back: ten racing refunds record it once, for the whole amount.
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () => refundKeptCredit({ db: db(), orderId, at: server.clock.now(), note: 'transfer 0042' })),
    );
    expect(refunds.filter((refund) => refund.outcome === 'refunded')).toEqual([{ outcome: 'refunded', amount: next.amount }]);
    expect(refunds.filter((refund) => refund.outcome === 'nothingKept')).toHaveLength(9);
    expect(await db().select().from(creditRefunds).where(eq(creditRefunds.orderId, orderId))).toHaveLength(1);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 12_000 + next.amount, creditKept: next.amount });
    const refunded = await detailOf(server, user, orderId);
    expect(refunded.creditKept).toBe(0);
    expect(refunded.creditRefunded).toBe(next.amount);
    expect((await listCreditLeft({ db: db() })).map((item) => item.orderId)).not.toContain(orderId);
    expect(await refundKeptCredit({ db: db(), orderId, at: server.clock.now() })).toEqual({ outcome: 'nothingKept' });
    expect(await refundKeptCredit({ db: db(), orderId: 999_999, at: server.clock.now() })).toEqual({ outcome: 'noOrder' });

    // Late: a code paid after it expired is still credited (money is never lost).
    const other = await borrower();
    const otherOrder = await openRepayingOrder(server, database.handle, other, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 12_000, 3);
    const code = (await collect(server, other, otherOrder, 'nextInstalment')).payment!;
    server.clock.advance(73 * HOUR);
    expect((await detailOf(server, other, otherOrder)).payments[0]).toMatchObject({ id: code.id, state: 'expired' });
    expect((await postNotification(server, paidNotification(server, code.id, code.amount))).text).toBe(ACK);
    const after = await detailOf(server, other, otherOrder);
    expect(after.payments[0]).toMatchObject({ id: code.id, state: 'paid' });
    expect(after.instalments[0]?.paid).toBe(code.amount);
    await expectBooksBalance(database.handle, otherOrder);
    // Credited three days late, it paid those days' interest first (12,000 × 1 % × 3 of 31 days = 11.6 → 12): the
    // instalment still asks for 12, a new request (by virtual account: the store's minimum is 33).
    const fresh = (await collect(server, other, otherOrder, 'nextInstalment', 'atm')).payment!;
    expect(fresh.id).not.toBe(code.id);
    expect(fresh.amount).toBe(12);
  });
});

describe('manual transfer: 待確認 until an operator decides', () => {
  it('shows the transfer as awaiting confirmation, credits it once when confirmed, and nothing when rejected', async () => {
    const user = await borrower();
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const receipt = (await uploadedImage(server, user)).key;
    const today = (await detailOf(server, user, orderId)).disbursedOn!;
    const report = (amount: number, key = receipt) =>
      server.client.call(
        ENDPOINTS.repayManual,
        { requestId: requestId(), orderId: String(orderId), amount, paidOn: today, fromAccountLast5: '12345', receiptImageKey: key },
        user.headers,
      );

    const stranger = await borrower();
    const strangerKey = (await uploadedImage(server, stranger)).key;
    expect((await report(1_000, strangerKey)).envelope).toEqual(refusal(REPAY_RECEIPT_NOT_FOUND));

    const first = bodyOf<{ payment: { id: string; state: string } }>((await report(1_000)).envelope).payment;
    const second = bodyOf<{ payment: { id: string; state: string } }>((await report(2_500)).envelope).payment;
    expect(first.state).toBe('awaitingConfirmation');
    expect((await detailOf(server, user, orderId)).instalments[0]?.paid).toBe(0);

    const at = server.clock.now();
    expect(await reviewManualTransfer({ db: db(), requestId: Number(first.id), verdict: 'confirm', at })).toBe('confirmed');
    expect(await reviewManualTransfer({ db: db(), requestId: Number(first.id), verdict: 'confirm', at })).toBe('notAwaiting');
    expect(await reviewManualTransfer({ db: db(), requestId: Number(second.id), verdict: 'reject', at })).toBe('rejected');
    const order = await detailOf(server, user, orderId);
    expect(order.payments.map((payment) => [payment.id, payment.state])).toEqual([
      [second.id, 'rejected'],
      [first.id, 'paid'],
    ]);
    // 1,000 goes to the interest first, then the principal.
    expect(order.instalments[0]?.paid).toBe(1_000);
    expect(order.state).toBe('待還款');
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 1_000, creditKept: 0 });
    const [row] = await db()
      .select()
      .from(repaymentRequests)
      .where(eq(repaymentRequests.id, Number(first.id)));
    expect(row?.fromAccountLast5).toBe('12345');
  });
});

describe("another user's order", () => {
  it('is not found on every repayment path', async () => {
    const owner = await borrower();
    const other = await borrower();
    const orderId = String(await openRepayingOrder(server, database.handle, owner, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90));
    const receipt = (await uploadedImage(server, other)).key;
    const calls: Array<[(typeof ENDPOINTS)[keyof typeof ENDPOINTS], Record<string, unknown>]> = [
      [ENDPOINTS.loanOrderDetail, { orderId }],
      [ENDPOINTS.repayChannel, { orderId }],
      [ENDPOINTS.repayCollect, { requestId: requestId(), orderId, kind: 'payoff', channel: 'cvs' }],
      [ENDPOINTS.replanRepay, { orderId, kind: 'payoff' }],
      [
        ENDPOINTS.repayManual,
        { requestId: requestId(), orderId, amount: 100, paidOn: '2030-01-01', fromAccountLast5: '12345', receiptImageKey: receipt },
      ],
      [ENDPOINTS.extensionTrial, { orderId }],
      [ENDPOINTS.extensionRepay, { requestId: requestId(), orderId, channel: 'cvs' }],
    ];
    for (const [endpoint, payload] of calls) {
      expect((await server.client.call(endpoint, payload, other.headers)).envelope, endpoint.path).toEqual(refusal(ORDER_NOT_FOUND));
      expect((await server.client.call(endpoint, payload, {})).envelope?.status, endpoint.path).toBe(301);
    }
    expect(
      await db()
        .select()
        .from(repaymentRequests)
        .where(eq(repaymentRequests.userId, Number(other.userId))),
    ).toEqual([]);
  });
});
