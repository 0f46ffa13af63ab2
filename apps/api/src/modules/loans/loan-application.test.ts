import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { BANK_CARD_NOT_FOUND } from '@app/contract/messages/bank-accounts.ts';
import {
  EARLY_REPAYMENT_TIP,
  LOAN_CONTRACT_NOT_SIGNED,
  LOAN_ONBOARDING_REQUIRED,
  LOAN_PURPOSE_INVALID,
  LOAN_PURPOSES,
  loanCoolDown,
  quoteOverCreditLimit,
  reviewPeriodTip,
} from '@app/contract/messages/loans.ts';
import { ORDER_ALREADY_OPEN, ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type {
  TCheckTipsResponse,
  TLoanApplyRequest,
  TLoanApplyResponse,
  TLoanIndexResponse,
  TLoanInitResponse,
  TLoanInitSingleResponse,
  TLoanProduct,
  TOrderStateResponse,
} from '@app/contract/schemas/loans.ts';
import type { TLoanCheckResponse } from '@app/contract/schemas/loan-home.ts';
import { loanOrders, orderStateChanges } from '../../db/schema/orders.ts';
import { accountsServerPerFile, bodyOf, refusal, type LoggedIn } from '../../test/accounts-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { DECIDE_ORDER_QUEUE } from '../decisions/submit-for-decision.ts';
import { changeOrderState } from '../orders/change-order-state.ts';
import { markContractSigned } from '../orders/index.ts';

// The decision waits long enough that a submitted order stays 審核中 during a test.
const { database, server } = accountsServerPerFile({ env: { DECISION_DELAY_MS: '600000' } });
let single: TLoanProduct;
let instalments: TLoanProduct;

beforeAll(async () => {
  const home = bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {})).envelope);
  [single, instalments] = home.products as [TLoanProduct, TLoanProduct];
});

const db = () => database.handle.db;
const call = async (endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS], payload: unknown, user: LoggedIn) =>
  (await server.client.call(endpoint, payload, user.headers)).envelope;
const newRequestId = () => `apply-${Math.random().toString(36).slice(2, 14)}`;

function application(borrower: Borrower, overrides: Partial<TLoanApplyRequest> = {}): TLoanApplyRequest {
  return {
    productId: instalments.id,
    amount: 30_000,
    term: 6,
    bankCardId: borrower.bankCardId,
    purpose: 'medical',
    requestId: newRequestId(),
    ...overrides,
  };
}

const ordersOf = (userId: string) =>
  db()
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.userId, Number(userId)));
const checkOf = async (user: LoggedIn) => bodyOf<TLoanCheckResponse>(await call(ENDPOINTS.loanCheck, {}, user));

describe('loan/init: what the application form needs', () => {
  it('answers the products within the credit limit, only the caller’s own bank cards, and the purposes', async () => {
    const borrower = await createBorrower(server, database.handle);
    const other = await createBorrower(server, database.handle);
    const init = bodyOf<TLoanInitResponse>(await call(ENDPOINTS.loanInitV31, {}, borrower));
    expect(init.creditLimit).toBe(100_000);
    // Who-am-I (資質) shows the same limit.
    expect(bodyOf<{ creditLimit: number }>(await call(ENDPOINTS.queryCashUser, {}, borrower)).creditLimit).toBe(100_000);
    expect(init.products.map((product) => [product.name, product.amountMax])).toEqual([
      ['90 天輕鬆借', 20_000],
      ['分期輕鬆還', 100_000],
    ]);
    expect(init.bankCards.map((card) => card.id)).toEqual([borrower.bankCardId]);
    expect(init.bankCards.map((card) => card.id)).not.toContain(other.bankCardId);
    expect(init.bankCards[0]?.accountMasked).toMatch(/^\*+\d{4}$/);
    expect(init.purposes.map((purpose) => purpose.label)).toEqual(['生活周轉', '醫療支出', '教育進修', '家庭支出', '其他']);

    const one = bodyOf<TLoanInitSingleResponse>(await call(ENDPOINTS.loanInit, { productId: single.id }, borrower));
    expect(one).toMatchObject({ product: { id: single.id, amountMax: 20_000 }, creditLimit: 100_000 });
    expect(one.bankCards.map((card) => card.id)).toEqual([borrower.bankCardId]);
  });

  it('refuses a user who has not completed onboarding', async () => {
    const halfway = await createBorrower(server, database.handle, { stopBefore: 'face' });
    expect(await call(ENDPOINTS.loanInitV31, {}, halfway)).toEqual(refusal(LOAN_ONBOARDING_REQUIRED));
    expect(bodyOf<{ creditLimit: number }>(await call(ENDPOINTS.queryCashUser, {}, halfway)).creditLimit).toBe(0);
    expect(await call(ENDPOINTS.loanInit, { productId: single.id }, halfway)).toEqual(refusal(LOAN_ONBOARDING_REQUIRED));
  });
});

describe('loan/checkTips: what the borrower reads before applying', () => {
  it('gives the quote, its total cost, the APR with its footnote, the review period and the early-repayment right', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { quote, tips, reviewPeriodDays } = bodyOf<TCheckTipsResponse>(
      await call(ENDPOINTS.loanCheckTips, { productId: single.id, amount: 10_000, term: 90 }, borrower),
    );
    // 10,000 × 12 % × 90 / 365 = 295.89 → NT$296 of interest, no fee.
    expect(quote).toMatchObject({ principal: 10_000, amountReceived: 10_000, interest: 296, totalRepayment: 10_296, fees: [] });
    expect(reviewPeriodDays).toBe(5);
    expect(tips.map((tip) => tip.title)).toEqual(['總費用', '總費用年百分率', '契約審閱期', '提前清償']);
    expect(tips[0]?.text).toContain('NT$\u00a010,296');
    expect(tips[0]?.text).toContain('不預扣任何費用');
    expect(tips[1]?.text).toContain(`${quote.aprPercent.toFixed(2)}%`);
    expect(tips[1]?.text).toContain(quote.aprFootnote);
    expect(tips[1]?.text).toContain('不等於借款利率');
    expect(tips[2]?.text).toBe(reviewPeriodTip(5));
    expect(tips[2]?.text).toContain('消費者保護法第 11 條之 1');
    expect(tips[2]?.text).toContain('不代表放棄');
    expect(tips[3]?.text).toBe(EARLY_REPAYMENT_TIP);
    expect(tips[3]?.text).toContain('民法第 204 條');
  });

  it('refuses a quote the product does not allow, and a user still onboarding', async () => {
    const borrower = await createBorrower(server, database.handle);
    expect((await call(ENDPOINTS.loanCheckTips, { productId: single.id, amount: 21_000, term: 90 }, borrower))?.message).toContain(
      'NT$\u00a020,000',
    );
    const halfway = await createBorrower(server, database.handle, { stopBefore: 'bankCard' });
    expect(await call(ENDPOINTS.loanCheckTips, { productId: single.id, amount: 10_000, term: 90 }, halfway)).toEqual(
      refusal(LOAN_ONBOARDING_REQUIRED),
    );
  });
});

describe('loan/apply', () => {
  it('refuses a user who has not completed onboarding, and creates nothing', async () => {
    const halfway = await createBorrower(server, database.handle, { stopBefore: 'face' });
    expect(await call(ENDPOINTS.loanApply, application(halfway), halfway)).toEqual(refusal(LOAN_ONBOARDING_REQUIRED));
    expect(await ordersOf(halfway.userId)).toEqual([]);
  });

  it('refuses another user’s bank card, an unknown purpose and an off-range amount, and creates nothing', async () => {
    const borrower = await createBorrower(server, database.handle);
    const other = await createBorrower(server, database.handle);
    expect(await call(ENDPOINTS.loanApply, application(borrower, { bankCardId: other.bankCardId }), borrower)).toEqual(
      refusal(BANK_CARD_NOT_FOUND),
    );
    expect(await call(ENDPOINTS.loanApply, application(borrower, { purpose: 'gambling' }), borrower)).toEqual(
      refusal(LOAN_PURPOSE_INVALID),
    );
    expect((await call(ENDPOINTS.loanApply, application(borrower, { amount: 100_500 }), borrower))?.message).toContain('NT$\u00a0100,000');
    expect(await ordersOf(borrower.userId)).toEqual([]);
    expect(await ordersOf(other.userId)).toEqual([]);
    expect(quoteOverCreditLimit(5_000)).toBe('借款金額超過您的可用額度 NT$\u00a05,000');
  });

  it('creates one order for 20 concurrent copies of one request, and refuses a second while it is open', async () => {
    const borrower = await createBorrower(server, database.handle);
    const request = application(borrower);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(ENDPOINTS.loanApply, request, borrower)));
    const bodies = answers.map((answer) => bodyOf<TLoanApplyResponse>(answer));
    expect(new Set(bodies.map((body) => body.orderId)).size).toBe(1);
    expect(bodies[0]).toMatchObject({
      state: '待簽約',
      quote: { principal: 30_000, term: 6, termUnit: 'month', productName: '分期輕鬆還' },
    });

    const rows = await ordersOf(borrower.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: Number(bodies[0]!.orderId),
      state: '待簽約',
      principal: 30_000,
      term: 6,
      productName: '分期輕鬆還',
      bankAccountId: Number(borrower.bankCardId),
      purpose: LOAN_PURPOSES.find((purpose) => purpose.code === 'medical')!.label,
    });
    expect(rows[0]?.bankAccountLabel).toMatch(/^臺灣銀行 \*+\d{4}$/);
    expect(rows[0]?.quote?.totalRepayment).toBe(bodies[0]!.quote.totalRepayment);

    expect(await call(ENDPOINTS.loanApply, application(borrower), borrower)).toEqual(refusal(ORDER_ALREADY_OPEN));
    expect(await ordersOf(borrower.userId)).toHaveLength(1);

    // The home page and 立即申請 now point at the order.
    expect(await checkOf(borrower)).toEqual({ next: 'order', orderId: bodies[0]!.orderId, orderState: '待簽約' });
    const home = bodyOf<TLoanIndexResponse>(await call(ENDPOINTS.loanCommonIndex, {}, borrower));
    expect(home).toMatchObject({ userState: 'openOrder', openOrder: { id: bodies[0]!.orderId, state: '待簽約' } });
  });

  it('refuses during a refusal’s cool-down, which loan/check and the home page show', async () => {
    const borrower = await createBorrower(server, database.handle);
    const { orderId } = bodyOf<TLoanApplyResponse>(await call(ENDPOINTS.loanApply, application(borrower), borrower));
    const id = Number(orderId);
    const at = server.clock.now();
    await markContractSigned({ db: db(), orderId: id, at });
    await changeOrderState({ db: db(), orderId: id, from: ['待簽約'], to: '審核中', cause: 'borrower', at });
    await changeOrderState({
      db: db(),
      orderId: id,
      from: ['審核中'],
      to: '已拒絕',
      cause: 'decision',
      at,
      refusal: { codes: ['test'], coolDownUntil: '2099-01-01' },
    });

    expect(await checkOf(borrower)).toEqual({ next: 'coolDown', coolDownUntil: '2099-01-01' });
    const home = bodyOf<TLoanIndexResponse>(await call(ENDPOINTS.loanCommonIndex, {}, borrower));
    expect(home).toMatchObject({ userState: 'coolDown', coolDownUntil: '2099-01-01', openOrder: null });
    expect(await call(ENDPOINTS.loanApply, application(borrower), borrower)).toEqual(refusal(loanCoolDown('2099-01-01')));
    expect(await ordersOf(borrower.userId)).toHaveLength(1);
  });
});

describe('loan/confirm', () => {
  it('refuses before the contract is signed and for another user’s order; after signing, the order goes to 審核中 and to the decision', async () => {
    const borrower = await createBorrower(server, database.handle);
    const intruder = await createBorrower(server, database.handle);
    const { orderId } = bodyOf<TLoanApplyResponse>(await call(ENDPOINTS.loanApply, application(borrower), borrower));

    expect(await call(ENDPOINTS.loanConfirm, { orderId }, borrower)).toEqual(refusal(LOAN_CONTRACT_NOT_SIGNED));
    await markContractSigned({ db: db(), orderId: Number(orderId), at: server.clock.now() });
    expect(await call(ENDPOINTS.loanConfirm, { orderId }, intruder)).toEqual(refusal(ORDER_NOT_FOUND));
    expect(await call(ENDPOINTS.loanConfirm, { orderId: '2147483648' }, borrower)).toEqual(refusal(ORDER_NOT_FOUND));
    const [before] = await ordersOf(borrower.userId);
    expect(before?.state).toBe('待簽約');

    expect(bodyOf<TOrderStateResponse>(await call(ENDPOINTS.loanConfirm, { orderId }, borrower))).toEqual({ orderId, state: '審核中' });
    const changes = await db()
      .select()
      .from(orderStateChanges)
      .where(eq(orderStateChanges.orderId, Number(orderId)));
    expect(changes.map((change) => [change.fromState, change.toState, change.cause])).toContainEqual(['待簽約', '審核中', 'borrower']);
    // Handed to the decision: its job waits in the queue.
    const jobs = (await db().execute(sql`select data from pgboss.job where name = ${DECIDE_ORDER_QUEUE}`)) as unknown as {
      rows: Array<{ data: { orderId: number } }>;
    };
    expect(jobs.rows.map((row) => row.data.orderId)).toContain(Number(orderId));
    // A repeat (a lost answer) answers the same state and records nothing more.
    expect(bodyOf<TOrderStateResponse>(await call(ENDPOINTS.loanConfirm, { orderId }, borrower))).toEqual({ orderId, state: '審核中' });
    expect(
      await db()
        .select()
        .from(orderStateChanges)
        .where(eq(orderStateChanges.orderId, Number(orderId))),
    ).toHaveLength(changes.length);
  });
});
