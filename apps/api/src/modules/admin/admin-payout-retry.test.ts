import { describe, expect, it } from 'vitest';
import {
  ADMIN_BANK_BATCH_EMPTY,
  ADMIN_BANK_BATCH_NOT_BIG5,
  ADMIN_FORBIDDEN,
  ADMIN_PAYOUT_NOT_FAILED,
  ADMIN_PAYOUT_ORDER_NOT_DISBURSING,
  ADMIN_PAYOUT_RETRIED_ALREADY,
  ADMIN_SECOND_RELEASER_REQUIRED,
} from '@app/contract/admin/admin-messages.ts';
import type {
  TBankBatchCreatedResponse,
  TBankResultImportResponse,
  TPayoutItem,
  TPayoutListResponse,
} from '@app/contract/admin/admin-payout-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import { accountsServerPerFile, loginWithCode, randomMobile } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient } from '../../test/admin-test-kit.ts';
import { bindBankCard, saveEmergencyContacts, saveIdCardPhotos, savePersonalDetails, type Borrower } from '../../test/lending-test-kit.ts';
import { disbursingOrder, eventually } from '../../test/order-test-kit.ts';
import { detailOf } from '../../test/repayments-test-kit.ts';
import { changeOrderState } from '../orders/change-order-state.ts';
import { applyPayoutNotification } from '../payments/apply-payout-notification.ts';
import { parseCsv } from '../payments/bank-batch-file.ts';
import type { PayoutPolicy } from '../payments/request-payout.ts';
import { retryPayout } from '../payments/retry-payout.ts';

/**
 * A failed payout sent again (decision 0165): finance sees it failed with the bank's
 * reason, retries it once to the same account as a new payout, which goes into the next
 * batch file once (or to the gateway), with the release thresholds applied again and the
 * retry counted as the retrying operator's release; the borrower's order stays 放款中 until
 * the retry is paid. And the batch file in Big5, refused for a name Big5 cannot write.
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
    PAYOUT_CHANNEL: 'bank',
  },
});
const db = () => database.handle.db;
const BANK: PayoutPolicy = { releaseAbove: RELEASE_ABOVE, twoPeopleAbove: TWO_PEOPLE_ABOVE, channel: 'bank' };

/** An order moved by hand into 放款中 with its payout recorded under `policy`. */
const disbursing = (amount: number, policy: PayoutPolicy = BANK, borrower?: Borrower) =>
  disbursingOrder(server, database.handle, { amount, policy, ...(borrower ? { borrower } : {}) });

async function payouts(client: AdminClient, query = ''): Promise<TPayoutItem[]> {
  const result = await client.call(ADMIN_ROUTES.listPayouts, { query });
  expect(result.status).toBe(200);
  return (result.json as TPayoutListResponse).items;
}
const payoutById = async (client: AdminClient, id: number) => (await payouts(client)).find((item) => item.id === id);

async function newBatch(client: AdminClient): Promise<TBankBatchCreatedResponse> {
  const created = await client.call(ADMIN_ROUTES.createBankBatch);
  expect(created.status).toBe(200);
  return created.json as TBankBatchCreatedResponse;
}

async function batchText(client: AdminClient, batch: string, query = ''): Promise<{ status: number; text: string; json: unknown }> {
  const result = await client.call(ADMIN_ROUTES.downloadBankBatch, { params: { batch }, query });
  const text = result.json instanceof ArrayBuffer ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(result.json) : '';
  return { status: result.status, text, json: result.json };
}

/** The bank's answer to a batch file: each of its rows with `status` (成功/失敗) and a reason. */
async function importResult(client: AdminClient, batch: string, answers: Record<string, [string, string]>) {
  const [header = [], ...rows] = parseCsv((await batchText(client, batch)).text);
  const reference = header.indexOf('參考編號');
  const content = [
    [...header, '處理結果', '失敗原因'],
    ...rows.map((cells) => [...cells, ...(answers[cells[reference] ?? ''] ?? ['成功', ''])]),
  ]
    .map((cells) => cells.join(','))
    .join('\r\n');
  const imported = await client.call(ADMIN_ROUTES.importBankResult, { body: { fileName: `result-${batch}.csv`, content } });
  expect(imported.status).toBe(200);
  return imported.json as TBankResultImportResponse;
}

const reference = (payoutId: number) => `PO${String(payoutId).padStart(10, '0')}`;

async function auditOf(client: AdminClient, query: string): Promise<TAuditListResponse['items']> {
  const result = await client.call(ADMIN_ROUTES.listAudit, { query });
  expect(result.status).toBe(200);
  return (result.json as TAuditListResponse).items;
}

describe('a failed bank payout retried', () => {
  it('shows the bank’s reason, is retried once to the same account, goes into the next file once, and the order repays when it is paid', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'retry-finance', 'finance'));
    const support = await signedInClient(server, await enrolledOperator(server, 'retry-support', 'support'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'retry-admin', 'administrator'));
    const failing = await disbursing(10_000);
    const paying = await disbursing(10_000);
    const first = await newBatch(finance);
    const firstFile = (await batchText(finance, first.batch)).text;
    expect(firstFile).toContain(reference(failing.payoutId));

    const report = await importResult(finance, first.batch, { [reference(failing.payoutId)]: ['失敗', '帳戶暫停交易'] });
    expect(report.counts).toMatchObject({ paid: 1, failed: 1 });

    // Finance sees it failed with the bank's words; the borrower still sees 放款中.
    expect(await payoutById(finance, failing.payoutId)).toMatchObject({
      stage: 'failed',
      resultCode: 'bank:帳戶暫停交易',
      attempt: 1,
      retryOf: null,
      retriedBy: null,
    });
    expect((await payouts(finance, 'stage=failed')).map((item) => item.id)).toContain(failing.payoutId);
    expect((await detailOf(server, failing.borrower, failing.orderId)).state).toBe('放款中');
    // Nothing to put in a file until it is retried.
    expect(await finance.call(ADMIN_ROUTES.createBankBatch)).toMatchObject({ status: 409, json: { message: ADMIN_BANK_BATCH_EMPTY } });

    // Only finance retries; a payout that did not fail cannot be.
    expect(await support.call(ADMIN_ROUTES.retryPayout, { params: { id: failing.payoutId } })).toMatchObject({
      status: 403,
      json: { message: ADMIN_FORBIDDEN },
    });
    expect(await finance.call(ADMIN_ROUTES.retryPayout, { params: { id: paying.payoutId } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_PAYOUT_NOT_FAILED },
    });

    const retried = await finance.call(ADMIN_ROUTES.retryPayout, { params: { id: failing.payoutId } });
    expect(retried).toMatchObject({ status: 200, json: { stage: 'awaitingBatch' } });
    const retryId = (retried.json as { payoutId: number }).payoutId;
    expect(retryId).not.toBe(failing.payoutId);
    // Once: a second retry (a double click, or another operator) changes nothing.
    expect(await admin.call(ADMIN_ROUTES.retryPayout, { params: { id: failing.payoutId } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_PAYOUT_RETRIED_ALREADY },
    });

    expect(await payoutById(finance, failing.payoutId)).toMatchObject({ stage: 'retried', retriedBy: 'retry-finance' });
    expect(await payoutById(finance, retryId)).toMatchObject({
      stage: 'awaitingBatch',
      orderId: failing.orderId,
      amount: 10_000,
      attempt: 2,
      retryOf: failing.payoutId,
      channel: 'bank',
      releasesNeeded: 0,
      bankBatch: null,
    });
    expect((await payouts(finance, 'stage=failed')).map((item) => item.id)).not.toContain(failing.payoutId);
    expect((await detailOf(server, failing.borrower, failing.orderId)).state).toBe('放款中');

    // The next file holds the retry, once, to the same account; a file after it holds nothing.
    const second = await newBatch(finance);
    expect(second).toMatchObject({ count: 1, amount: 10_000 });
    const secondFile = (await batchText(finance, second.batch)).text;
    const lines = secondFile.split('\r\n');
    expect(lines).toHaveLength(3);
    const failedLine = firstFile.split('\r\n').find((line) => line.includes(reference(failing.payoutId))) ?? '';
    // The same bank, branch, account and name; only the reference differs.
    expect(lines[1]).toBe(failedLine.replace(reference(failing.payoutId), reference(retryId)));
    expect(await finance.call(ADMIN_ROUTES.createBankBatch)).toMatchObject({ status: 409, json: { message: ADMIN_BANK_BATCH_EMPTY } });
    // The first file is as it was: the failed payout stays in it, with its own reference.
    expect((await batchText(finance, first.batch)).text).toBe(firstFile);

    const paid = await importResult(finance, second.batch, {});
    expect(paid.rows.map((row) => [row.payoutId, row.outcome])).toEqual([[retryId, 'paid']]);
    expect((await detailOf(server, failing.borrower, failing.orderId)).state).toBe('待還款');
    expect(await payoutById(finance, retryId)).toMatchObject({ stage: 'paid' });
    // A late answer for the failed one changes nothing.
    const again = await importResult(finance, first.batch, { [reference(failing.payoutId)]: ['成功', ''] });
    expect(again.rows.map((row) => row.outcome)).toEqual(['alreadySettled', 'alreadySettled']);

    const rows = await auditOf(admin, `target=${encodeURIComponent(`order:${failing.orderNo}`)}&action=payout.retried`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operator: 'retry-finance',
      before: { payoutId: failing.payoutId, amount: 10_000, attempt: 1, bankBatch: first.batch, resultCode: 'bank:帳戶暫停交易' },
      after: { payoutId: retryId, attempt: 2, channel: 'bank', releasesNeeded: 0, stage: 'awaitingBatch' },
    });
  });

  it('applies the release thresholds again: the retry is the one release, or the first of two and another operator gives the second', async () => {
    const maker = await signedInClient(server, await enrolledOperator(server, 'retry-maker', 'finance'));
    const checker = await signedInClient(server, await enrolledOperator(server, 'retry-checker', 'administrator'));
    const middle = await disbursing(15_000);
    const large = await disbursing(25_000);
    for (const { payoutId } of [middle, large]) {
      expect(await maker.call(ADMIN_ROUTES.releasePayout, { params: { id: payoutId } })).toMatchObject({ status: 200 });
    }
    expect(await checker.call(ADMIN_ROUTES.releasePayout, { params: { id: large.payoutId } })).toMatchObject({
      status: 200,
      json: { outcome: 'released' },
    });
    const batch = await newBatch(maker);
    await importResult(maker, batch.batch, {
      [reference(middle.payoutId)]: ['失敗', '系統異常'],
      [reference(large.payoutId)]: ['失敗', '系統異常'],
    });

    // NT$ 15,000 needs one release: the retry is it, and it waits only for the next file.
    const middleRetry = await maker.call(ADMIN_ROUTES.retryPayout, { params: { id: middle.payoutId } });
    expect(middleRetry).toMatchObject({ status: 200, json: { stage: 'awaitingBatch' } });
    expect(await payoutById(maker, (middleRetry.json as { payoutId: number }).payoutId)).toMatchObject({
      releasesNeeded: 1,
      releasedBy: 'retry-maker',
      firstReleasedBy: null,
    });

    // NT$ 25,000 needs two: the retrier is the first, and cannot be the second.
    const largeRetry = await maker.call(ADMIN_ROUTES.retryPayout, { params: { id: large.payoutId } });
    expect(largeRetry).toMatchObject({ status: 200, json: { stage: 'awaitingSecondRelease' } });
    const largeRetryId = (largeRetry.json as { payoutId: number }).payoutId;
    expect(await payoutById(maker, largeRetryId)).toMatchObject({
      stage: 'awaitingSecondRelease',
      releasesNeeded: 2,
      firstReleasedBy: 'retry-maker',
      releasedBy: null,
    });
    expect(await maker.call(ADMIN_ROUTES.releasePayout, { params: { id: largeRetryId } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_SECOND_RELEASER_REQUIRED.replace('{amount}', '20,000') },
    });
    // Until the second release it stays out of the file.
    expect(await newBatch(maker)).toMatchObject({ count: 1, amount: 15_000 });
    expect(await checker.call(ADMIN_ROUTES.releasePayout, { params: { id: largeRetryId } })).toMatchObject({
      status: 200,
      json: { outcome: 'released', stage: 'awaitingBatch' },
    });
    expect(await newBatch(maker)).toMatchObject({ count: 1, amount: 25_000 });
  });

  it('refuses a retry when the order is no longer 放款中, changing nothing', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'retry-late', 'finance'));
    const order = await disbursing(10_000);
    const batch = await newBatch(finance);
    await importResult(finance, batch.batch, { [reference(order.payoutId)]: ['失敗', '戶名不符'] });
    const now = server.clock.now();
    await changeOrderState({
      db: db(),
      orderId: order.orderId,
      from: ['放款中'],
      to: '待還款',
      cause: 'payout',
      at: now,
      disbursedOn: taipeiCalendarDate(now),
    });
    expect(await finance.call(ADMIN_ROUTES.retryPayout, { params: { id: order.payoutId } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_PAYOUT_ORDER_NOT_DISBURSING },
    });
    expect(await payoutById(finance, order.payoutId)).toMatchObject({ stage: 'failed', retriedBy: null });
    expect((await payouts(finance)).filter((item) => item.orderId === order.orderId)).toHaveLength(1);
  });
});

/** The gateway's notification that it could not pay (a payout awaiting release: never sent, so nothing races it). */
const failByGateway = (payoutId: number, amount: number) =>
  applyPayoutNotification({
    db: db(),
    jobs: server.app.jobs,
    providerName: 'sandbox',
    notification: {
      kind: 'payout',
      payoutId: String(payoutId),
      providerTransactionId: `sandbox-failed-${payoutId}`,
      amount,
      succeeded: false,
      resultCode: '10200095',
      paidAt: null,
    },
    now: server.clock.now(),
  });

describe('a failed gateway payout retried', () => {
  it('is handed to the gateway again as a new payout and the order repays; under the bank channel it waits for a file instead', async () => {
    const gateway: PayoutPolicy = { ...BANK, channel: 'gateway' };
    // Above the release threshold, so the sandbox has not paid it before the failure arrives.
    const order = await disbursing(12_000, gateway);
    expect(await failByGateway(order.payoutId, 12_000)).toBe('failed');
    const finance = await enrolledOperator(server, 'gateway-retry', 'finance');
    const retried = await db().transaction((tx) =>
      retryPayout({
        db: tx,
        jobs: server.app.jobs,
        payoutId: order.payoutId,
        operatorId: finance.id,
        policy: gateway,
        now: server.clock.now(),
      }),
    );
    expect(retried).toMatchObject({ outcome: 'retried', retry: { channel: 'gateway', releasesNeeded: 1, attempt: 2 } });
    await eventually(
      async () => ((await detailOf(server, order.borrower, order.orderId)).state === '待還款' ? true : undefined),
      'the retried payout to be paid by the sandbox',
    );

    // The console's retry takes the channel configured now (here the bank): it waits for the next file.
    const client = await signedInClient(server, finance);
    const other = await disbursing(12_000, gateway);
    expect(await failByGateway(other.payoutId, 12_000)).toBe('failed');
    expect(await client.call(ADMIN_ROUTES.retryPayout, { params: { id: other.payoutId } })).toMatchObject({
      status: 200,
      json: { stage: 'awaitingBatch' },
    });
    expect((await payouts(client, 'stage=awaitingBatch')).find((item) => item.orderId === other.orderId)).toMatchObject({
      channel: 'bank',
      attempt: 2,
      releasedBy: 'gateway-retry',
    });
  });
});

describe('the batch file in Big5', () => {
  it('downloads in Big5 (CP950) on request, the same rows without a BOM; UTF-8 stays the default', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'big5-finance', 'finance'));
    const order = await disbursing(10_000);
    const { batch } = await newBatch(finance);
    const utf8 = await batchText(finance, batch);
    expect(utf8.text.startsWith('\uFEFF')).toBe(true);

    const big5 = await finance.call(ADMIN_ROUTES.downloadBankBatch, { params: { batch }, query: 'encoding=big5' });
    expect(big5.status).toBe(200);
    expect(big5.headers.get('content-type')).toBe('text/csv; charset=big5');
    expect(big5.headers.get('content-disposition')).toBe(`attachment; filename="bank-batch-${batch}-big5.csv"`);
    const bytes = new Uint8Array(big5.json as ArrayBuffer);
    // No BOM, and not UTF-8: 收 is A6 AC in Big5 (E6 94 B6 in UTF-8).
    expect([...bytes.slice(0, 2)]).toEqual([0xa6, 0xac]);
    expect(new TextDecoder('big5').decode(bytes)).toBe(utf8.text.slice(1));
    expect(new TextDecoder('big5').decode(bytes)).toContain(`,${order.borrower.name},10000,${reference(order.payoutId)},`);

    expect(await finance.call(ADMIN_ROUTES.downloadBankBatch, { params: { batch }, query: 'encoding=latin1' })).toMatchObject({
      status: 400,
      json: { message: '輸入資料有誤：付款檔編碼' },
    });
  });

  it('refuses a Big5 file a payee’s name cannot be written in, naming the order, and never writes a “?”; the UTF-8 file keeps the name', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'big5-refused', 'finance'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'big5-auditor', 'administrator'));
    const user = await loginWithCode(server, randomMobile());
    const { name, idNumber } = await savePersonalDetails(server, user, { name: '林堃喆' });
    await saveEmergencyContacts(server, user);
    await saveIdCardPhotos(server, user);
    const bankCardId = await bindBankCard(server, user, name);
    const rare = await disbursing(10_000, BANK, { ...user, mobile: '', name, idNumber, bankCardId });
    const { batch } = await newBatch(finance);

    expect(await finance.call(ADMIN_ROUTES.downloadBankBatch, { params: { batch }, query: 'encoding=big5' })).toMatchObject({
      status: 409,
      json: { message: ADMIN_BANK_BATCH_NOT_BIG5.replace('{orderNo}', rare.orderNo).replace('{characters}', '堃、喆') },
    });
    const utf8 = await batchText(finance, batch);
    expect(utf8.status).toBe(200);
    expect(utf8.text).toContain(`,林堃喆,10000,${reference(rare.payoutId)},`);
    // Only the file handed out is in the trail as downloaded, with its encoding.
    const downloads = await auditOf(admin, `operator=big5-refused&action=payout.bankBatchDownloaded`);
    expect(downloads.map((row) => row.after)).toEqual([{ rows: 1, amount: 10_000, encoding: 'utf8' }]);
  });
});
