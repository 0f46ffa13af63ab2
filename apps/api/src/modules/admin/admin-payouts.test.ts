import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_BANK_BATCH_EMPTY,
  ADMIN_BANK_RESULT_UNREADABLE,
  ADMIN_COMMAND_LINE_TWO_PEOPLE,
  ADMIN_FORBIDDEN,
  ADMIN_PAYOUT_NOT_AWAITING_RELEASE,
  ADMIN_SECOND_RELEASER_REQUIRED,
} from '@app/contract/admin/admin-messages.ts';
import type {
  TBankBatchCreatedResponse,
  TBankBatchListResponse,
  TBankResultImportResponse,
  TPayoutItem,
  TPayoutListResponse,
} from '@app/contract/admin/admin-payout-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { accountsServerPerFile } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient } from '../../test/admin-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { eventually, submittedOrder } from '../../test/order-test-kit.ts';
import { detailOf } from '../../test/repayments-test-kit.ts';
import { findOwnBankAccount } from '../bank-accounts/find-own-bank-account.ts';
import { listAwaitingReview } from '../decisions/resolve-manual-review.ts';
import { submitForDecision } from '../decisions/submit-for-decision.ts';
import { changeOrderState } from '../orders/change-order-state.ts';
import { getOrder } from '../orders/get-order.ts';
import { parseCsv } from '../payments/bank-batch-file.ts';
import { requestPayout, type PayoutPolicy } from '../payments/request-payout.ts';
import { decideReview } from './decide-review.ts';

/**
 * Payouts in the console: finance's release above PAYOUT_RELEASE_ABOVE (two different
 * operators above PAYOUT_TWO_PEOPLE_ABOVE), the payouts list, the bank batch file and the
 * bank's result file imported back. The decision engine and the sandbox gateway run as jobs
 * (tiny delays); the tests poll, never time.
 */

const RELEASE_ABOVE = 10_000;
const TWO_PEOPLE_ABOVE = 20_000;
const { server, database } = accountsServerPerFile({
  env: {
    DECISION_DELAY_MS: '1',
    PAYOUT_SANDBOX_DELAY_MS: '1',
    JOB_POLLING_MS: '500',
    PAYOUT_RELEASE_ABOVE: String(RELEASE_ABOVE),
    PAYOUT_TWO_PEOPLE_ABOVE: String(TWO_PEOPLE_ABOVE),
  },
});
const db = () => database.handle.db;

/** An instalment order (NT$ 10,000-100,000) the engine approves, in 放款中 with its payout recorded. */
async function approvedOrder(amount: number): Promise<{ borrower: Borrower; orderId: number }> {
  const borrower = await createBorrower(server, database.handle);
  const orderId = await submittedOrder(db(), borrower, {
    now: server.clock.now(),
    amount,
    terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT,
    term: 12,
  });
  await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: server.app.config.decisionDelayMs });
  await eventually(async () => (await getOrder({ db: db(), orderId }))?.state !== '審核中', `order ${orderId} to be decided`);
  return { borrower, orderId };
}

async function payoutOf(client: AdminClient, orderId: number, query = ''): Promise<TPayoutItem | undefined> {
  const result = await client.call(ADMIN_ROUTES.listPayouts, { query });
  expect(result.status).toBe(200);
  return (result.json as TPayoutListResponse).items.find((item) => item.orderId === orderId);
}

/** Send jobs of a payout in the queue, whatever their state (none: it was never handed to the gateway). */
async function sendJobsOf(payoutId: number): Promise<number> {
  const result = await db().execute(
    sql`select count(*)::int as count from pgboss.job where name = 'payments.send-payout' and data->>'payoutId' = ${String(payoutId)}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: Array<{ count: number }> }).rows) as Array<{ count: number }>;
  return Number(rows[0]?.count ?? 0);
}

async function auditOf(client: AdminClient, query: string): Promise<TAuditListResponse['items']> {
  const result = await client.call(ADMIN_ROUTES.listAudit, { query });
  expect(result.status).toBe(200);
  return (result.json as TAuditListResponse).items;
}

describe('finance releases payouts above the threshold', () => {
  it('sends a payout at or below the threshold at once, as before', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'auto-finance', 'finance'));
    const { borrower, orderId } = await approvedOrder(RELEASE_ABOVE);
    await eventually(
      async () => ((await detailOf(server, borrower, orderId)).state === '待還款' ? true : undefined),
      'the order to be paid out',
    );
    expect(await payoutOf(finance, orderId)).toMatchObject({
      amount: RELEASE_ABOVE,
      stage: 'paid',
      releasesNeeded: 0,
      releasedBy: null,
      channel: 'gateway',
    });
  });

  it('holds a payout above it (the borrower sees 放款中) until one finance operator releases it; then it is paid out', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'releaser', 'finance'));
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'not-releaser', 'reviewer'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'payout-admin', 'administrator'));
    const { borrower, orderId } = await approvedOrder(15_000);
    expect((await detailOf(server, borrower, orderId)).state).toBe('放款中');

    const held = await payoutOf(finance, orderId, 'stage=awaitingRelease');
    expect(held).toMatchObject({
      amount: 15_000,
      stage: 'awaitingRelease',
      releasesNeeded: 1,
      bankCode: '004',
      bankName: '臺灣銀行',
      sentAt: null,
    });
    // The account masked: the last four digits only, never the whole number.
    const account = await findOwnBankAccount({ db: db(), userId: Number(borrower.userId), cardId: borrower.bankCardId });
    expect(held?.accountMasked).toBe(`****${account.accountNumber.slice(-4)}`);
    expect(JSON.stringify(await finance.call(ADMIN_ROUTES.listPayouts))).not.toContain(account.accountNumber);
    // Never handed to the gateway while held.
    expect(await sendJobsOf(held?.id ?? 0)).toBe(0);
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('放款中');

    expect(await reviewer.call(ADMIN_ROUTES.releasePayout, { params: { id: held?.id ?? 0 } })).toMatchObject({
      status: 403,
      json: { message: ADMIN_FORBIDDEN },
    });
    expect(await finance.call(ADMIN_ROUTES.releasePayout, { params: { id: held?.id ?? 0 } })).toMatchObject({
      status: 200,
      json: { outcome: 'released', stage: 'sending' },
    });
    await eventually(
      async () => ((await detailOf(server, borrower, orderId)).state === '待還款' ? true : undefined),
      'the released payout to be paid',
    );
    expect(await payoutOf(finance, orderId)).toMatchObject({ stage: 'paid', releasedBy: 'releaser' });
    expect(await finance.call(ADMIN_ROUTES.releasePayout, { params: { id: held?.id ?? 0 } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_PAYOUT_NOT_AWAITING_RELEASE },
    });

    const { orderNo } = (await getOrder({ db: db(), orderId }))!;
    const rows = await auditOf(admin, `target=${encodeURIComponent(`order:${orderNo}`)}&action=payout.released`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operator: 'releaser',
      before: { payoutId: held?.id, amount: 15_000, releasesNeeded: 1 },
      after: { outcome: 'released', channel: 'gateway' },
    });
  });

  it('needs two different operators above the second threshold: the first is recorded, the same person is refused as second', async () => {
    const first = await signedInClient(server, await enrolledOperator(server, 'maker-fin', 'finance'));
    const second = await signedInClient(server, await enrolledOperator(server, 'checker-admin', 'administrator'));
    const { borrower, orderId } = await approvedOrder(25_000);
    const payout = await payoutOf(first, orderId);
    expect(payout).toMatchObject({ stage: 'awaitingRelease', releasesNeeded: 2 });
    const id = payout?.id ?? 0;

    expect(await first.call(ADMIN_ROUTES.releasePayout, { params: { id } })).toMatchObject({
      status: 200,
      json: { outcome: 'firstRelease', stage: 'awaitingSecondRelease' },
    });
    expect(await first.call(ADMIN_ROUTES.releasePayout, { params: { id } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_SECOND_RELEASER_REQUIRED.replace('{amount}', '20,000') },
    });
    expect(await payoutOf(first, orderId, 'stage=awaitingSecondRelease')).toMatchObject({ firstReleasedBy: 'maker-fin', releasedBy: null });
    expect(await sendJobsOf(id)).toBe(0);
    expect((await detailOf(server, borrower, orderId)).state).toBe('放款中');

    expect(await second.call(ADMIN_ROUTES.releasePayout, { params: { id } })).toMatchObject({ status: 200, json: { outcome: 'released' } });
    await eventually(
      async () => ((await detailOf(server, borrower, orderId)).state === '待還款' ? true : undefined),
      'the payout to be paid',
    );
    expect(await payoutOf(first, orderId)).toMatchObject({ stage: 'paid', firstReleasedBy: 'maker-fin', releasedBy: 'checker-admin' });

    const { orderNo } = (await getOrder({ db: db(), orderId }))!;
    const rows = await auditOf(second, `target=${encodeURIComponent(`order:${orderNo}`)}`);
    expect(rows.filter((row) => row.action.startsWith('payout.')).map((row) => [row.operator, row.action])).toEqual([
      ['checker-admin', 'payout.released'],
      ['maker-fin', 'payout.firstRelease'],
    ]);
  });

  it('filters the list by stage and by the days requested, and refuses a bad filter in words', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'filter-finance', 'finance'));
    const { orderId } = await approvedOrder(12_000);
    const today = taipeiCalendarDate(server.clock.now());
    expect(await payoutOf(finance, orderId, `stage=awaitingRelease&from=${today}&to=${today}`)).toMatchObject({ stage: 'awaitingRelease' });
    expect(await payoutOf(finance, orderId, 'stage=paid')).toBeUndefined();
    expect(await payoutOf(finance, orderId, 'from=2001-01-01&to=2001-01-31')).toBeUndefined();
    const list = (await finance.call(ADMIN_ROUTES.listPayouts)).json as TPayoutListResponse;
    expect(list).toMatchObject({
      releaseAbove: RELEASE_ABOVE,
      twoPeopleAbove: TWO_PEOPLE_ABOVE,
      channel: 'gateway',
      page: 1,
      pageSize: 50,
    });
    expect(await finance.call(ADMIN_ROUTES.listPayouts, { query: 'stage=lost' })).toMatchObject({
      status: 400,
      json: { message: '輸入資料有誤：撥款狀態' },
    });
  });

  it('keeps the command line from an approval that needs two named operators', async () => {
    const borrower = await createBorrower(server, database.handle, { faceOutcome: 'manual_review' });
    const orderId = await submittedOrder(db(), borrower, {
      now: server.clock.now(),
      amount: 60_000,
      terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT,
      term: 12,
    });
    await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: 1 });
    await eventually(
      async () => (await listAwaitingReview({ db: db() })).some((row) => row.orderId === orderId),
      'the order to await staff',
    );
    const decide = () =>
      decideReview({
        db: db(),
        jobs: server.app.jobs,
        actor: { operatorId: null, operatorName: '(command line)' },
        orderId,
        verdict: 'approve',
        reasonCode: 'documentsVerified',
        note: '',
        payoutPolicy: server.app.config.payouts,
        now: server.clock.now(),
      });
    await expect(decide()).rejects.toMatchObject({ userMessage: ADMIN_COMMAND_LINE_TWO_PEOPLE });
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('審核中');
  });
});

const BANK: PayoutPolicy = { releaseAbove: RELEASE_ABOVE, twoPeopleAbove: TWO_PEOPLE_ABOVE, channel: 'bank' };

/** An order approved by hand into 放款中 with its payout going by the bank's batch file. */
async function bankPayout(amount: number) {
  const borrower = await createBorrower(server, database.handle);
  const now = server.clock.now();
  const orderId = await submittedOrder(db(), borrower, { amount, now, terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT, term: 12 });
  const payoutId = await db().transaction(async (tx) => {
    expect(await changeOrderState({ db: tx, orderId, from: ['審核中'], to: '已核准', cause: 'decision', at: now })).toBe(true);
    expect(await changeOrderState({ db: tx, orderId, from: ['已核准'], to: '放款中', cause: 'decision', at: now })).toBe(true);
    return (await requestPayout({ db: tx, jobs: server.app.jobs, orderId, amount, policy: BANK, now })).payoutId;
  });
  const order = (await getOrder({ db: db(), orderId }))!;
  const account = await findOwnBankAccount({ db: db(), userId: Number(borrower.userId), cardId: borrower.bankCardId });
  return { borrower, orderId, orderNo: order.orderNo, payoutId, account, reference: `PO${String(payoutId).padStart(10, '0')}` };
}

const download = async (client: AdminClient, batch: string) => {
  const result = await client.call(ADMIN_ROUTES.downloadBankBatch, { params: { batch } });
  return { ...result, text: result.json instanceof ArrayBuffer ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(result.json) : '' };
};

describe('the bank batch file and its result', () => {
  it('puts each ready bank payout in one batch file in the bank’s layout, imports the result once: paid, failed, unknown and wrong amounts reported', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'bank-finance', 'finance'));
    const small = await bankPayout(10_000);
    const other = await bankPayout(10_000);
    const large = await bankPayout(12_000);
    expect(await payoutOf(finance, small.orderId)).toMatchObject({ channel: 'bank', stage: 'awaitingBatch' });
    expect(await payoutOf(finance, large.orderId)).toMatchObject({ channel: 'bank', stage: 'awaitingRelease' });
    // A bank payout is never handed to the gateway.
    expect(await sendJobsOf(small.payoutId)).toBe(0);

    const created = await finance.call(ADMIN_ROUTES.createBankBatch);
    expect(created.status).toBe(200);
    const { batch, count, amount } = created.json as TBankBatchCreatedResponse;
    expect(batch).toBe(`${taipeiCalendarDate(server.clock.now()).replaceAll('-', '')}-1`);
    // Both small ones (no release needed); the large one waits for its release.
    expect({ count, amount }).toEqual({ count: 2, amount: 20_000 });
    expect(await finance.call(ADMIN_ROUTES.createBankBatch)).toMatchObject({ status: 409, json: { message: ADMIN_BANK_BATCH_EMPTY } });

    const file = await download(finance, batch);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="bank-batch-${batch}.csv"`);
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    expect(file.text.slice(1).split('\r\n')).toEqual([
      '收款銀行代碼,收款分行代碼,收款帳號,收款戶名,金額,參考編號,訂單編號,附言',
      `004,0040037,${small.account.accountNumber},${small.borrower.name},10000,${small.reference},${small.orderNo},撥款${small.orderNo}`,
      `004,0040037,${other.account.accountNumber},${other.borrower.name},10000,${other.reference},${other.orderNo},撥款${other.orderNo}`,
      '',
    ]);
    expect(await payoutOf(finance, small.orderId)).toMatchObject({ stage: 'inBatch', bankBatch: batch });

    // Released, the large one goes in the day's second file.
    expect(await finance.call(ADMIN_ROUTES.releasePayout, { params: { id: large.payoutId } })).toMatchObject({
      status: 200,
      json: { outcome: 'released', stage: 'awaitingBatch' },
    });
    expect(await finance.call(ADMIN_ROUTES.createBankBatch)).toMatchObject({
      status: 200,
      json: { batch: batch.replace(/-1$/, '-2'), count: 1, amount: 12_000 },
    });
    const batches = (await finance.call(ADMIN_ROUTES.listBankBatches)).json as TBankBatchListResponse;
    expect(
      batches.items
        .filter((item) => item.batch.startsWith(batch.slice(0, 8)))
        .map((item) => [item.batch, item.count, item.amount, item.open]),
    ).toEqual([
      [batch.replace(/-1$/, '-2'), 1, 12_000, 1],
      [batch, 2, 20_000, 2],
    ]);

    // The bank's answer: the same rows with a status; plus a row of no payout and a wrong amount.
    const [header = [], ...rows] = parseCsv(file.text);
    const result = [
      [...header, '處理結果', '失敗原因'],
      [...(rows[0] ?? []), '成功', ''],
      [...(rows[1] ?? []), '失敗', '戶名不符'],
      ['004', '0040037', '00000000000000', '查無此人', '5000', 'PO9999999999', 'L0', '撥款', '成功', ''],
      ['004', '0040037', large.account.accountNumber, large.borrower.name, '12001', large.reference, large.orderNo, '撥款', '成功', ''],
    ]
      .map((cells) => cells.join(','))
      .join('\r\n');
    const imported = await finance.call(ADMIN_ROUTES.importBankResult, {
      body: { fileName: 'result.csv', content: `\uFEFF${result}\r\n` },
    });
    expect(imported.status).toBe(200);
    const report = imported.json as TBankResultImportResponse;
    expect(report.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, 'paid'],
      [3, 'failed'],
      [4, 'unknown'],
      [5, 'amountMismatch'],
    ]);
    expect(report.counts).toMatchObject({ paid: 1, failed: 1, unknown: 1, amountMismatch: 1, alreadySettled: 0 });

    // Paid: the order repays, as after a gateway notification; failed: it stays 放款中 for staff.
    expect((await detailOf(server, small.borrower, small.orderId)).state).toBe('待還款');
    expect((await detailOf(server, other.borrower, other.orderId)).state).toBe('放款中');
    expect(await payoutOf(finance, other.orderId)).toMatchObject({ stage: 'failed', resultCode: 'bank:戶名不符' });
    // A wrong amount is reported, never applied: the payout is still in its file, unsettled.
    expect(await payoutOf(finance, large.orderId)).toMatchObject({ stage: 'inBatch', settledAt: null });

    // The same file again changes nothing.
    const again = (await finance.call(ADMIN_ROUTES.importBankResult, { body: { fileName: 'result.csv', content: result } }))
      .json as TBankResultImportResponse;
    expect(again.rows.map((row) => row.outcome)).toEqual(['alreadySettled', 'alreadySettled', 'unknown', 'amountMismatch']);
    expect((await detailOf(server, small.borrower, small.orderId)).state).toBe('待還款');
    expect(await payoutOf(finance, other.orderId)).toMatchObject({ stage: 'failed' });

    // Not a result file: refused in words, nothing read.
    expect(await finance.call(ADMIN_ROUTES.importBankResult, { body: { fileName: 'x.csv', content: 'a,b\r\n1,2' } })).toMatchObject({
      status: 400,
      json: { message: ADMIN_BANK_RESULT_UNREADABLE },
    });

    const auditor = await signedInClient(server, await enrolledOperator(server, 'bank-auditor', 'administrator'));
    const audit = (await auditOf(auditor, 'operator=bank-finance')).filter((row) => row.action.startsWith('payout.'));
    expect(audit.map((row) => row.action).reverse()).toEqual([
      'payout.bankBatchCreated',
      'payout.bankBatchDownloaded',
      'payout.released',
      'payout.bankBatchCreated',
      'payout.bankResultImported',
      'payout.bankResultImported',
    ]);
    expect(audit[0]).toMatchObject({
      target: 'bankResult:result.csv',
      after: { counts: { paid: 0, alreadySettled: 2, unknown: 1, amountMismatch: 1 } },
    });
  });

  it('reports a gateway payout named in a bank result file as unknown and leaves it alone', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'gw-finance', 'finance'));
    const { borrower, orderId } = await approvedOrder(11_000);
    const payout = await payoutOf(finance, orderId);
    const content = `參考編號,金額,處理結果\r\nPO${String(payout?.id ?? 0).padStart(10, '0')},11000,成功\r\n`;
    const report = (await finance.call(ADMIN_ROUTES.importBankResult, { body: { fileName: 'r.csv', content } }))
      .json as TBankResultImportResponse;
    expect(report.rows.map((row) => row.outcome)).toEqual(['unknown']);
    expect((await detailOf(server, borrower, orderId)).state).toBe('放款中');
    expect(await payoutOf(finance, orderId)).toMatchObject({ stage: 'awaitingRelease' });
  });
});
