import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db, DatabaseHandle } from '../db/client.ts';
import { orderStateChanges } from '../db/schema/orders.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../domain/loan-default-products.ts';
import { taipeiCalendarDate } from '../domain/loan-schedule/calendar-date.ts';
import type { LoanProductTerms } from '../domain/loan-product-terms.ts';
import { priceLoan } from '../domain/loan-quote.ts';
import { money } from '../domain/money.ts';
import { changeOrderState } from '../modules/orders/change-order-state.ts';
import { createOrder } from '../modules/orders/create-order.ts';
import { getOrder } from '../modules/orders/get-order.ts';
import { markContractSigned } from '../modules/orders/index.ts';
import { requestPayout, type PayoutPolicy } from '../modules/payments/request-payout.ts';
import { startRepayment } from '../modules/repayments/start-repayment.ts';
import type { AccountsServer } from './accounts-test-kit.ts';
import { createBorrower, type Borrower } from './lending-test-kit.ts';

/**
 * Orders for the order, decision, payment and repayment tests, made with the orders
 * module's own use cases (what loan/apply, the contract signing, the decision and the
 * payout do), so the tests start from 待簽約, 審核中 or 待還款.
 */

export interface OrderOptions {
  terms?: LoanProductTerms;
  amount?: number;
  term?: number;
  now: Date;
}

/** An order awaiting signature (待簽約) priced as loan/apply prices it: createOrder's answer. */
export async function placeOrder(
  db: Db,
  borrower: Borrower,
  options: OrderOptions,
): Promise<{ id: number; orderNo: string; state: '待簽約' }> {
  const terms = options.terms ?? DEFAULT_SINGLE_REPAYMENT_PRODUCT;
  const amount = options.amount ?? 10_000;
  const term = options.term ?? terms.terms[0] ?? 90;
  const { quote } = priceLoan(terms, money(amount), term, taipeiCalendarDate(options.now));
  const method = terms.method;
  const productName = method === 'singleRepayment' ? '90 天輕鬆借' : '分期輕鬆還';
  return createOrder({
    db,
    userId: Number(borrower.userId),
    product: { id: 1, name: productName, terms },
    principal: amount,
    term,
    bankAccountId: Number(borrower.bankCardId),
    bankAccountLabel: '臺灣銀行 ****1234',
    purpose: '生活周轉',
    quote: {
      ...quote,
      productId: '1',
      productName,
      method,
      term,
      termUnit: method === 'singleRepayment' ? 'day' : 'month',
      annualRatePercent: terms.annualRatePercent,
      aprPercent: quote.apr,
      aprCapPercent: 16,
      aprFootnote: '',
    },
    requestId: `req-${randomBytes(6).toString('hex')}`,
    now: options.now,
  });
}

/** An order awaiting signature (待簽約) priced as loan/apply prices it; its id. */
export async function applyForLoan(db: Db, borrower: Borrower, options: OrderOptions): Promise<number> {
  return (await placeOrder(db, borrower, options)).id;
}

/** Signs an order awaiting signature (待簽約) and submits it for the decision (審核中). */
async function signAndSubmit(db: Db, orderId: number, at: Date): Promise<void> {
  if (!(await markContractSigned({ db, orderId, at }))) throw new Error('contract not marked signed');
  if (!(await changeOrderState({ db, orderId, from: ['待簽約'], to: '審核中', cause: 'borrower', at }))) {
    throw new Error('order not submitted');
  }
}

/** An order signed and submitted for the decision (審核中). */
export async function submittedOrder(db: Db, borrower: Borrower, options: OrderOptions): Promise<number> {
  const orderId = await applyForLoan(db, borrower, options);
  await signAndSubmit(db, orderId, options.now);
  return orderId;
}

/**
 * Walks an order awaiting signature (待簽約) to 待還款 as the contract, the decision and
 * the payout would, the schedule starting on `disbursedOn`.
 */
export async function payOut(db: Db, orderId: number, options: { at: Date; disbursedOn: string }): Promise<void> {
  const { at, disbursedOn } = options;
  await signAndSubmit(db, orderId, at);
  if (!(await changeOrderState({ db, orderId, from: ['審核中'], to: '已核准', cause: 'decision', at })))
    throw new Error('order not approved');
  if (!(await changeOrderState({ db, orderId, from: ['已核准'], to: '放款中', cause: 'decision', at })))
    throw new Error('order not paying out');
  if (!(await startRepayment({ db, orderId, disbursedOn, at, cause: 'payout' }))) throw new Error('repayment not started');
}

/**
 * An instalment order (12 months) moved by hand into 放款中 as the decision moves it, with
 * its payout recorded under `policy` as the decision's payout job records it (a bank payout
 * below the release threshold goes into the next batch file; a gateway one is sent by the
 * job): the start of the failed-payout tests. A new borrower unless one is given.
 */
export async function disbursingOrder(
  server: AccountsServer,
  database: DatabaseHandle,
  options: { amount: number; policy: PayoutPolicy; borrower?: Borrower },
): Promise<{ borrower: Borrower; orderId: number; orderNo: string; payoutId: number }> {
  const { amount, policy } = options;
  const db = database.db;
  const borrower = options.borrower ?? (await createBorrower(server, database));
  const now = server.clock.now();
  const orderId = await submittedOrder(db, borrower, { amount, now, terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT, term: 12 });
  const payoutId = await db.transaction(async (tx) => {
    await changeOrderState({ db: tx, orderId, from: ['審核中'], to: '已核准', cause: 'decision', at: now });
    await changeOrderState({ db: tx, orderId, from: ['已核准'], to: '放款中', cause: 'decision', at: now });
    return (await requestPayout({ db: tx, jobs: server.app.jobs, orderId, amount, policy, now })).payoutId;
  });
  const order = await getOrder({ db, orderId });
  if (!order) throw new Error('order not found');
  return { borrower, orderId, orderNo: order.orderNo, payoutId };
}

/** The order's recorded state changes, oldest first: the state reached and its cause. */
export async function stateChanges(db: Db, orderId: number) {
  return db
    .select({ to: orderStateChanges.toState, cause: orderStateChanges.cause })
    .from(orderStateChanges)
    .where(eq(orderStateChanges.orderId, orderId))
    .orderBy(asc(orderStateChanges.id));
}

/** Polls until `read` answers a value (no timing assertion: only a generous ceiling). */
export async function eventually<T>(read: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
