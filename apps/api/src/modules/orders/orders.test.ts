import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { ORDER_ALREADY_OPEN, ORDER_NOT_CANCELLABLE, ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type { TOrderDetailResponse, TOrderRecordResponse } from '@app/contract/schemas/orders.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { money } from '../../domain/money.ts';
import { accountsServerPerFile, bodyOf, refusal, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { payOut as payOrderOut, placeOrder, stateChanges, submittedOrder } from '../../test/order-test-kit.ts';
import { changeOrderState } from './change-order-state.ts';
import { findCoolDown, findOpenOrder } from './find-open-order.ts';
import { getOrderOfUser } from './get-order.ts';
import { startRepayment } from '../repayments/start-repayment.ts';

const { database, server } = accountsServerPerFile();

const db = () => database.handle.db;

function applyFor(borrower: Borrower, terms: LoanProductTerms, amount: number, term: number) {
  return placeOrder(db(), borrower, { terms, amount, term, now: server.clock.now() });
}

async function detailOf(user: LoggedIn, orderId: string | number) {
  return server.client.call(ENDPOINTS.loanOrderDetail, { orderId: String(orderId) }, user.headers);
}

/** Walks an order to 待還款 as the contract, the decision and the payout would. */
function payOut(orderId: number, disbursedOn: string) {
  return payOrderOut(db(), orderId, { at: server.clock.now(), disbursedOn });
}

describe('orders: one open order, every change recorded', () => {
  it('creates an order awaiting signature and refuses a second while it is open', async () => {
    const borrower = await createBorrower(server, database.handle);
    const order = await applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    expect(order.state).toBe('待簽約');
    expect(order.orderNo).toMatch(/^L\d{8}\d{6}$/);
    await expect(applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 5_000, 90)).rejects.toMatchObject({
      userMessage: ORDER_ALREADY_OPEN,
    });
    expect(await findOpenOrder({ db: db(), userId: Number(borrower.userId) })).toEqual({ id: order.id, state: '待簽約' });
  });

  it('lets only one of many simultaneous applications through', async () => {
    const borrower = await createBorrower(server, database.handle);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => applyFor(borrower, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const { orders } = bodyOf<TOrderRecordResponse>((await server.client.call(ENDPOINTS.loanOrderRecord, {}, borrower.headers)).envelope);
    expect(orders).toHaveLength(1);
  });

  it('refuses a transition the machine does not allow and one from a state the order left', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { id } = await applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const at = server.clock.now();
    await expect(changeOrderState({ db: db(), orderId: id, from: ['待簽約'], to: '待還款', cause: 'test', at })).rejects.toThrow(
      /not allowed/,
    );
    expect(await changeOrderState({ db: db(), orderId: id, from: ['審核中'], to: '已核准', cause: 'decision', at })).toBe(false);
    expect((await getOrderOfUser({ db: db(), userId: Number(borrower.userId), orderId: id }))?.state).toBe('待簽約');
  });

  it('writes the schedule from the payout date and shows it with the history', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { id } = await applyFor(borrower, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6);
    const payoutDay = '2030-01-31';
    await payOut(id, payoutDay);
    // A second payout notice changes nothing.
    expect(await startRepayment({ db: db(), orderId: id, disbursedOn: payoutDay, at: server.clock.now(), cause: 'payout' })).toBe(false);

    const { order } = bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope);
    const expected = priceLoan(DEFAULT_EQUAL_INSTALMENT_PRODUCT, money(30_000), 6, payoutDay).quote;
    expect(order.state).toBe('待還款');
    expect(order.disbursedOn).toBe(payoutDay);
    expect(order.instalments.map((row) => [row.dueDate, row.principal, row.interest, row.total, row.paid])).toEqual(
      expected.instalments.map((row) => [row.dueDate, row.principal, row.interest, row.total, 0]),
    );
    expect(order.instalments.reduce((sum, row) => sum + row.principal, 0)).toBe(30_000);
    expect(order.outstanding).toBe(expected.totalRepayment);
    expect(order.nextDueDate).toBe(expected.instalments[0]?.dueDate);
    expect(order.events.map((event) => event.state)).toEqual(['待簽約', '審核中', '已核准', '放款中', '待還款']);
    expect(order.events.at(-1)?.text).toContain('****1234');
    expect(order.actions).toMatchObject({ repay: true, viewContract: true, sign: false, extend: false });
  });

  it('keeps a refusal cool-down and frees the user for a new application after it', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { id } = await applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const at = server.clock.now();
    await changeOrderState({ db: db(), orderId: id, from: ['待簽約'], to: '審核中', cause: 'borrower', at });
    await changeOrderState({
      db: db(),
      orderId: id,
      from: ['審核中'],
      to: '已拒絕',
      cause: 'decision',
      at,
      refusal: { codes: ['creditLimit'], coolDownUntil: '2099-01-01' },
    });
    expect(await findCoolDown({ db: db(), userId: Number(borrower.userId), today: '2098-12-31' })).toBe('2099-01-01');
    expect(await findCoolDown({ db: db(), userId: Number(borrower.userId), today: '2099-01-01' })).toBeNull();
    expect(await findOpenOrder({ db: db(), userId: Number(borrower.userId) })).toBeNull();
    const { order } = bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope);
    expect(order).toMatchObject({ state: '已拒絕', coolDownUntil: '2099-01-01', outstanding: 0 });
    expect(order.refusalMessage).toBe('很抱歉，您的申請未通過審核：申請金額超過您的可借額度');
  });
});

describe('order list and detail: a borrower sees only their own', () => {
  it("answers another user's order as not found and never lists it", async () => {
    const owner = await createBorrower(server, database.handle);
    const other = await createBorrower(server, database.handle);
    const { id } = await applyFor(owner, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 4_000, 90);
    expect((await detailOf(other, id)).envelope).toEqual(refusal(ORDER_NOT_FOUND));
    const listed = bodyOf<TOrderRecordResponse>((await server.client.call(ENDPOINTS.loanOrderRecord, {}, other.headers)).envelope);
    expect(listed.orders.map((order) => order.id)).not.toContain(String(id));
    expect((await server.client.call(ENDPOINTS.loanOrderRecord, {}, {})).envelope?.status).toBe(301);
  });

  it('filters by tab and pages newest first', async () => {
    const borrower = await createBorrower(server, database.handle);
    const first = await applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    await payOut(first.id, taipeiCalendarDate(server.clock.now()));
    const list = async (state: string) =>
      bodyOf<TOrderRecordResponse>(
        (await server.client.call(ENDPOINTS.loanOrderRecord, { state, pageSize: 5 }, borrower.headers)).envelope,
      );
    expect((await list('待還款')).orders.map((order) => order.id)).toEqual([String(first.id)]);
    expect((await list('審核中')).orders).toEqual([]);
    const all = await list('all');
    expect(all).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect(all.orders[0]).toMatchObject({ state: '待還款', principal: 3_000, termUnit: 'day', term: 90 });
  });
});

describe('cancelling before the payout', () => {
  const cancel = (user: LoggedIn, orderId: string | number) =>
    server.client.call(ENDPOINTS.loanCancel, { orderId: String(orderId) }, user.headers);

  it('cancels an order in review: 已取消 with the cause, no action left, and the borrower may apply again', async () => {
    const borrower = await createBorrower(server, database.handle);
    const id = await submittedOrder(db(), borrower, {
      terms: DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      amount: 5_000,
      term: 90,
      now: server.clock.now(),
    });
    expect(bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope).order.actions.cancel).toBe(true);
    expect(bodyOf((await cancel(borrower, id)).envelope)).toEqual({ orderId: String(id), state: '已取消' });
    const { order } = bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope);
    expect(order).toMatchObject({ state: '已取消', outstanding: 0 });
    expect(order.actions).toMatchObject({ cancel: false, sign: false, repay: false, extend: false });
    expect((await stateChanges(db(), id)).at(-1)).toEqual({ to: '已取消', cause: 'borrower' });
    // Asked again: the same answer, nothing recorded twice.
    expect(bodyOf((await cancel(borrower, id)).envelope)).toEqual({ orderId: String(id), state: '已取消' });
    expect((await stateChanges(db(), id)).filter((change) => change.to === '已取消')).toHaveLength(1);
    expect(await findOpenOrder({ db: db(), userId: Number(borrower.userId) })).toBeNull();
    expect((await applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 4_000, 90)).state).toBe('待簽約');
  });

  it('cancels an application never signed (待簽約)', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { id } = await applyFor(borrower, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 20_000, 6);
    expect(bodyOf((await cancel(borrower, id)).envelope)).toEqual({ orderId: String(id), state: '已取消' });
  });

  it('refuses once the money is on its way or the order is closed, and changes nothing', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { id } = await applyFor(borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    await payOut(id, taipeiCalendarDate(server.clock.now()));
    expect(bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope).order.actions.cancel).toBe(false);
    expect((await cancel(borrower, id)).envelope).toEqual(refusal(ORDER_NOT_CANCELLABLE));
    expect(bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope).order.state).toBe('待還款');
  });

  it('lets the decision (approval and payout in one transaction) or the cancel win a race, never both', async () => {
    const borrower = await createBorrower(server, database.handle);
    const id = await submittedOrder(db(), borrower, {
      terms: DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      amount: 5_000,
      term: 90,
      now: server.clock.now(),
    });
    const at = server.clock.now();
    const [cancelled, approved] = await Promise.all([
      cancel(borrower, id),
      db().transaction(async (tx) => {
        if (!(await changeOrderState({ db: tx, orderId: id, from: ['審核中'], to: '已核准', cause: 'decision', at }))) return false;
        return changeOrderState({ db: tx, orderId: id, from: ['已核准'], to: '放款中', cause: 'decision', at });
      }),
    ]);
    const state = bodyOf<TOrderDetailResponse>((await detailOf(borrower, id)).envelope).order.state;
    if (approved) {
      expect(cancelled.envelope).toEqual(refusal(ORDER_NOT_CANCELLABLE));
      expect(state).toBe('放款中');
    } else {
      expect(bodyOf(cancelled.envelope)).toEqual({ orderId: String(id), state: '已取消' });
      expect(state).toBe('已取消');
    }
  });

  it("answers another user's order as not found, and a visitor with 301", async () => {
    const owner = await createBorrower(server, database.handle);
    const other = await createBorrower(server, database.handle);
    const { id } = await applyFor(owner, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    expect((await cancel(other, id)).envelope).toEqual(refusal(ORDER_NOT_FOUND));
    expect((await server.client.call(ENDPOINTS.loanCancel, { orderId: String(id) }, {})).envelope?.status).toBe(301);
    expect(bodyOf<TOrderDetailResponse>((await detailOf(owner, id)).envelope).order.state).toBe('待簽約');
  });
});

describe('order ids beyond any order', () => {
  it('are answered as not found on every path that takes one, never as a server error', async () => {
    const borrower = await createBorrower(server, database.handle);
    const beyond = '2147483648';
    const asked = [
      await server.client.call(ENDPOINTS.loanOrderDetail, { orderId: beyond }, borrower.headers),
      await server.client.call(ENDPOINTS.loanCancel, { orderId: beyond }, borrower.headers),
      await server.client.call(ENDPOINTS.repayChannel, { orderId: beyond }, borrower.headers),
      await server.client.call(ENDPOINTS.extensionTrial, { orderId: beyond }, borrower.headers),
      await server.client.call(ENDPOINTS.replanRepay, { orderId: beyond, kind: 'payoff' }, borrower.headers),
    ];
    for (const answer of asked) expect(answer.envelope).toEqual(refusal(ORDER_NOT_FOUND));
  });
});
