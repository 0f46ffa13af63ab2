import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import { REPAY_AMOUNT_CHANGED, REPAY_PARTS_ALL_ISSUED, SETTLEMENT_NOT_SETTLED } from '@app/contract/messages/repayments.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import type {
  TExtensionTrialResponse,
  TPaymentResponse,
  TRepayChannelResponse,
  TReplanRepayResponse,
} from '@app/contract/schemas/repayments.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { FEE_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-account-test-kit.ts';
import { addDays } from '../../domain/loan-schedule/calendar-date.ts';
import { money } from '../../domain/money.ts';
import { taipeiInstant } from '../../domain/reminder-hours.ts';
import { accountsServerPerFile, bodyOf, ManualClock, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import {
  collect,
  detailOf,
  expectBooksBalance,
  openRepayingOrder,
  paidNotification,
  postNotification,
  requestId,
} from '../../test/repayments-test-kit.ts';
import { resolveHeldPayment } from './resolve-held-payment.ts';
import { settlementCertificateHtml } from './settlement-certificate.ts';
import { pdfMapsCharacters } from '../../test/pdf-streams.ts';

/**
 * The orders of events that once charged a borrower more than interest to the day, through
 * the real endpoints and signed gateway notifications on the real database: instalments
 * paid early then a payoff; an extension's price transferred twice; a held amount before
 * the extension's right one. Each ends with the books checked from the journal.
 */

// 2030-01-31 10:00 in Taipei.
const { database, server } = accountsServerPerFile({
  clock: new ManualClock(Date.parse('2030-01-31T02:00:00Z')),
  env: { SESSION_IDLE_DAYS: '3650' },
});

const moveTo = (day: string) => server.clock.advance(taipeiInstant(day, 10).getTime() - server.clock.now().getTime());
const payByCode = async (user: LoggedIn, orderId: number, kind: 'nextInstalment' | 'payoff', channel: 'cvs' | 'atm' = 'atm') => {
  const { payment } = await collect(server, user, orderId, kind, channel);
  expect((await postNotification(server, paidNotification(server, payment!.id, payment!.amount))).text).toBe('1|OK');
  return payment!.amount;
};
const extensionCode = async (user: LoggedIn, orderId: number) =>
  bodyOf<TPaymentResponse>(
    (await server.client.call(ENDPOINTS.extensionRepay, { requestId: requestId(), orderId: String(orderId), channel: 'cvs' }, user.headers))
      .envelope,
  ).payment;
const payoffQuote = async (user: LoggedIn, orderId: number) =>
  bodyOf<TReplanRepayResponse>(
    (await server.client.call(ENDPOINTS.replanRepay, { orderId: String(orderId), kind: 'payoff' }, user.headers)).envelope,
  );
const trialOf = async (user: LoggedIn, orderId: number) =>
  bodyOf<TExtensionTrialResponse>(
    (await server.client.call(ENDPOINTS.extensionTrial, { orderId: String(orderId) }, user.headers)).envelope,
  );

describe('money in every order of events', () => {
  it('instalments paid early, then the payoff: the borrower pays interest to the day, no interest of periods that never began', async () => {
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6);
    // Instalments 1 and 2 on the payout day: no interest has run, each is its principal.
    expect(await payByCode(user, orderId, 'nextInstalment')).toBe(4_876);
    expect(await payByCode(user, orderId, 'nextInstalment')).toBe(4_925);
    // A page still showing 第 2 期 issues nothing: instalment 3 is next now.
    const stale = await server.client.call(
      ENDPOINTS.repayCollect,
      { requestId: requestId(), orderId: String(orderId), kind: 'nextInstalment', channel: 'atm', instalment: 2 },
      user.headers,
    );
    expect(stale.envelope?.message).toBe(REPAY_AMOUNT_CHANGED);
    moveTo(addDays('2030-01-31', 4));
    // Instalment 3 four days later: 20,199 outstanding × 1 % a month × 4 of the period's 28 days = 28.86 → 29, and its principal.
    expect(await payByCode(user, orderId, 'nextInstalment')).toBe(29 + 4_974);
    expect(await payoffQuote(user, orderId)).toMatchObject({ principal: 15_225, interest: 0 });
    expect(await payByCode(user, orderId, 'payoff')).toBe(15_225);
    const settled = await detailOf(server, user, orderId);
    expect(settled.state).toBe('已結清');
    // 29 dollars of interest in all on NT$30,000: what four days on the balance really outstanding cost.
    expect(settled.instalments.reduce((sum, row) => sum + row.interest, 0)).toBe(29);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 30_029, creditKept: 0 });
  });

  it('the price of an extension transferred twice: the extension applies once, the second transfer pays principal, the next extension is priced on what is left', async () => {
    moveTo('2030-02-01');
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 20_000, 90);
    moveTo(addDays('2030-02-01', 83));
    const first = await extensionCode(user, orderId);
    // 83 days on 20,000 at 12 % (545.75 → 546) + 0.25 % of 20,000.
    expect(first.amount).toBe(596);
    expect((await postNotification(server, paidNotification(server, first.id, 596))).text).toBe('1|OK');
    // The same NT$596 again, a new transaction on the same code, the same day.
    expect((await postNotification(server, paidNotification(server, first.id, 596))).text).toBe('1|OK');
    const once = await detailOf(server, user, orderId);
    expect(once).toMatchObject({ extensionsUsed: 1 });
    expect(await payoffQuote(user, orderId)).toMatchObject({ principal: 19_404, interest: 0, fee: 0 });
    expect(once.instalments[0]?.dueDate).toBe(addDays('2030-02-01', 120));

    moveTo(addDays('2030-02-01', 113));
    // Days 83-113 on 19,404 (191.38 → the total 737.13 → 737, less 546 paid: 191); the fee on 19,404 (48.51 → 49).
    expect(await trialOf(user, orderId)).toMatchObject({ allowed: true, accruedInterest: 191, fee: 49, extensionsUsed: 1 });
    const second = await extensionCode(user, orderId);
    expect((await postNotification(server, paidNotification(server, second.id, second.amount))).text).toBe('1|OK');
    moveTo(addDays('2030-02-01', 143));
    // Days 113-143 on 19,404: 191.38; the total to day 143, 928.51 → 929, less 737 paid: 192.
    expect(await payByCode(user, orderId, 'payoff')).toBe(19_404 + 192);
    const settled = await detailOf(server, user, orderId);
    expect(settled).toMatchObject({ state: '已結清', extensionsUsed: 2 });
    // Interest 929 (to the day on what was outstanding) + fees 99, against 596 + 596 + 240 + 19,596 paid for 20,000.
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 596 + 596 + 240 + 19_596, creditKept: 0 });
  });

  it('a held amount, then the extension price as a new transaction: the extension applies, and the held money credited later pays the loan', async () => {
    moveTo('2030-03-01');
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    moveTo(addDays('2030-03-01', 85));
    const code = await extensionCode(user, orderId);
    // 85 days on 10,000 (279.45 → 279) + 25.
    expect(code.amount).toBe(304);
    expect((await postNotification(server, paidNotification(server, code.id, 404))).text).toBe('1|OK');
    expect((await detailOf(server, user, orderId)).payments[0]).toMatchObject({ state: 'held' });
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 0, creditKept: 0 });
    expect((await postNotification(server, paidNotification(server, code.id, 304))).text).toBe('1|OK');
    const extended = await detailOf(server, user, orderId);
    expect(extended).toMatchObject({ state: '待還款', extensionsUsed: 1 });
    expect(extended.instalments[0]?.dueDate).toBe(addDays('2030-03-01', 120));
    // The operator credits the held NT$404: a payment on the loan (no interest has run since the extension day), never a second extension.
    expect(
      await resolveHeldPayment({ db: database.handle.db, requestId: Number(code.id), verdict: 'credit', at: server.clock.now() }),
    ).toBe('credited');
    const credited = await detailOf(server, user, orderId);
    expect(credited).toMatchObject({ extensionsUsed: 1 });
    expect(await payoffQuote(user, orderId)).toMatchObject({ principal: 10_000 - 404, interest: 0 });
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 304 + 404, creditKept: 0 });
  });

  it('an extension paid on its due date whose notification arrives after the overdue run: the due date moves as of the day it was paid', async () => {
    moveTo('2030-04-01');
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    const due = addDays('2030-04-01', 90);
    moveTo(due);
    const code = await extensionCode(user, orderId);
    const paidAt = server.clock.now();
    moveTo(addDays(due, 2));
    const { runOverdue } = await import('./daily-repayment-jobs.ts');
    await runOverdue({ db: database.handle.db, now: server.clock.now() });
    expect((await detailOf(server, user, orderId)).state).toBe('已逾期');
    expect((await postNotification(server, paidNotification(server, code.id, code.amount, undefined, paidAt))).text).toBe('1|OK');
    const extended = await detailOf(server, user, orderId);
    expect(extended).toMatchObject({ state: '待還款', extensionsUsed: 1 });
    expect(extended.instalments[0]).toMatchObject({ dueDate: addDays(due, 30), overdueInterest: 0 });
    await expectBooksBalance(database.handle, orderId);
  });

  it("a payoff over every channel's limit: paid in parts, each its own code, interest stopping for what each part paid", async () => {
    moveTo('2030-06-01');
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 100_000, 12);
    moveTo(addDays('2030-06-01', 10));
    const part = async (shown?: number) => {
      const result = await server.client.call(
        ENDPOINTS.repayCollect,
        {
          requestId: requestId(),
          orderId: String(orderId),
          kind: 'payoffPart',
          channel: 'atm',
          ...(shown === undefined ? {} : { amount: shown }),
        },
        user.headers,
      );
      return result.envelope?.status === 200 ? bodyOf<TPaymentResponse>(result.envelope).payment : { refused: result.envelope?.message };
    };
    const payoffChoice = async () =>
      bodyOf<TRepayChannelResponse>(
        (await server.client.call(ENDPOINTS.repayChannel, { orderId: String(orderId) }, user.headers)).envelope,
      ).choices.find((c) => c.kind === 'payoff');
    // Ten of the first period's 30 days on 100,000 at 1 % a month: 333.33 → 333. Over the virtual account's 30,000: in parts.
    expect(await payoffChoice()).toMatchObject({ amount: 100_333, coveredByOpenParts: 0 });
    const certificate = async (as: LoggedIn) => {
      const request = encodeRequest(
        ENDPOINTS.settlementCertificate,
        { orderId: String(orderId) },
        server.client.cipher,
        server.baseUrl,
        as.headers,
      );
      const response = await fetch(request.url, { headers: request.headers });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { type: response.headers.get('content-type') ?? '', disposition: response.headers.get('content-disposition') ?? '', bytes };
    };
    // No certificate before the loan is settled, and never of another borrower's order.
    const early = await certificate(user);
    expect(decodeEnvelope(early.bytes.toString('utf8'), server.client.cipher).message).toBe(SETTLEMENT_NOT_SETTLED);
    const first = await part(30_000);
    expect(first).toMatchObject({ kind: 'payoffPart', amount: 30_000, state: 'pending' });
    expect(await payoffChoice()).toMatchObject({ amount: 100_333, coveredByOpenParts: 30_000 });
    // Shown an amount the next part no longer is: nothing issued.
    expect(await part(30_001)).toEqual({ refused: REPAY_AMOUNT_CHANGED });
    expect(await payoffChoice()).toMatchObject({ coveredByOpenParts: 30_000 });
    if (!('id' in first)) throw new Error('no first part');
    expect((await postNotification(server, paidNotification(server, first.id, 30_000))).text).toBe('1|OK');

    // Fifteen days later: the paid part paid the 333 of interest and 29,667 of principal the day it was quoted,
    // so days 10-25 run on 70,333 only: 351.67; the period's interest 685.00, less 333 paid.
    moveTo(addDays('2030-06-01', 25));
    expect(await payoffChoice()).toMatchObject({ amount: 70_333 + 352, coveredByOpenParts: 0 });
    const parts = [await part(), await part(), await part()];
    expect(parts.map((p) => ('amount' in p ? p.amount : p.refused))).toEqual([30_000, 30_000, 10_685]);
    expect(new Set(parts.map((p) => ('id' in p ? p.id : '')))).toHaveProperty('size', 3);
    expect(await part()).toEqual({ refused: REPAY_PARTS_ALL_ISSUED });
    for (const each of parts) {
      if (!('id' in each)) throw new Error('a part refused');
      expect((await postNotification(server, paidNotification(server, each.id, each.amount))).text).toBe('1|OK');
    }
    const settled = await detailOf(server, user, orderId);
    expect(settled.state).toBe('已結清');
    expect(settled.instalments.reduce((sum, row) => sum + row.interest, 0)).toBe(685);
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 30_000 + 70_685, creditKept: 0 });

    // 結清證明: a PDF naming the lender, the order and every figure from the journal.
    const stranger = await createBorrower(server, database.handle);
    const foreign = await certificate(stranger);
    expect(foreign.bytes.toString('latin1')).not.toContain('%PDF');
    expect(decodeEnvelope(foreign.bytes.toString('utf8'), server.client.cipher).message).toBe(ORDER_NOT_FOUND);
    const pdf = await certificate(user);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toContain(encodeURIComponent(`結清證明-${settled.orderNo}.pdf`));
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const html = settlementCertificateHtml({
      lender: server.app.config.lender,
      borrower: { name: '王小明', maskedIdNumber: 'A12****789' },
      orderNo: settled.orderNo,
      disbursedOn: '2030-06-01',
      settledOn: addDays('2030-06-01', 25),
      issuedOn: addDays('2030-06-01', 25),
      account: {
        principal: money(100_000),
        principalOutstanding: money(0),
        interestPaid: money(685),
        overdueInterestPaid: money(0),
        feesPaid: money(0),
        extensionsTaken: 0,
        extensionFeesPaid: money(0),
        cashReceived: money(100_685),
        refunded: money(0),
      },
    });
    for (const text of [
      settled.orderNo,
      'NT$\u00a0100,000',
      'NT$\u00a0685',
      'NT$\u00a0100,685',
      '2030/06/01',
      '2030/06/26',
      server.app.config.lender.name,
      server.app.config.lender.registrationNo,
    ]) {
      expect(html, text).toContain(text);
    }
    expect(pdfMapsCharacters(pdf.bytes, `結清證明${server.app.config.lender.name}已付利息實收款項合計`)).toEqual([]);
  });

  it('a fee-bearing loan paid off on day 3: interest and the fee to the day, never the whole fee (decision 0139)', async () => {
    moveTo('2030-09-01');
    const user = await createBorrower(server, database.handle);
    // NT$10,000 over 90 days at 12 % with an account fee of NT$10 + 0.5 % (NT$60, due with the repayment).
    const orderId = await openRepayingOrder(server, database.handle, user, FEE_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    expect((await detailOf(server, user, orderId)).instalments[0]).toMatchObject({ fee: 60, interest: 296 });
    moveTo('2030-09-04');
    // 3 days: 10,000 × 12 % × 3 / 365 = 9.86 → 10 of interest, 60 × 3 / 90 = 2 of the fee.
    expect(await payoffQuote(user, orderId)).toMatchObject({ principal: 10_000, interest: 10, fee: 2 });
    expect(await payByCode(user, orderId, 'payoff')).toBe(10_012);
    const settled = await detailOf(server, user, orderId);
    expect(settled.state).toBe('已結清');
    expect(settled.instalments[0]).toMatchObject({ fee: 2, interest: 10, state: 'paid' });
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 10_012, creditKept: 0 });
  });

  it('a payoff code quoted before the due date and an extension paid on it, both arriving the same day: the payoff settles the loan as quoted, the extension lapses and its price is kept for the borrower', async () => {
    moveTo('2030-10-01');
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    const due = addDays('2030-10-01', 90);
    moveTo(addDays(due, -1));
    // The payoff code of day 89: 10,000 × 12 % × 89 / 365 = 292.6 → 293.
    const { payment: payoff } = await collect(server, user, orderId, 'payoff', 'atm');
    expect(payoff!.amount).toBe(10_293);
    const payoffPaidAt = server.clock.now();
    moveTo(due);
    // On the due date the borrower also pays the extension (296 of interest + 25 of fee); it is credited first.
    const extension = await extensionCode(user, orderId);
    expect(extension.amount).toBe(321);
    expect((await postNotification(server, paidNotification(server, extension.id, 321))).text).toBe('1|OK');
    expect(await detailOf(server, user, orderId)).toMatchObject({ state: '待還款', extensionsUsed: 1 });
    // The payoff transfer of the day before arrives after it.
    expect((await postNotification(server, paidNotification(server, payoff!.id, 10_293, undefined, payoffPaidAt))).text).toBe('1|OK');
    const settled = await detailOf(server, user, orderId);
    expect(settled).toMatchObject({ state: '已結清', extensionsUsed: 0 });
    // The loan was paid off as quoted on day 89: no extension fee, the due date unmoved, the NT$321 the borrower's.
    expect(settled.instalments[0]).toMatchObject({ dueDate: due, interest: 293, fee: 0, state: 'paid' });
    expect(await expectBooksBalance(database.handle, orderId)).toEqual({ credited: 10_293 + 321, creditKept: 321 });
  });
});
