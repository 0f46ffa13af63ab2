import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import {
  ADMIN_NO_CREDIT_KEPT,
  ADMIN_PAYMENT_NOT_HELD,
  ADMIN_REVIEW_NOT_WAITING,
  ADMIN_SECOND_APPROVER_REQUIRED,
  ADMIN_TRANSFER_NOT_WAITING,
} from '@app/contract/admin/admin-messages.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type {
  TAuditListResponse,
  TCreditListResponse,
  TPaymentListResponse,
  TReviewDetailResponse,
  TReviewListResponse,
} from '@app/contract/admin/admin-schemas.ts';
import { DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { accountsServerPerFile, bodyOf, uploadedImage } from '../../test/accounts-test-kit.ts';
import type { AdminClient } from '../../test/admin-test-kit.ts';
import { enrolledOperator, signedInClient } from '../../test/admin-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { eventually, submittedOrder } from '../../test/order-test-kit.ts';
import { collect, detailOf, openRepayingOrder, paidNotification, postNotification, requestId } from '../../test/repayments-test-kit.ts';
import { listAwaitingReview } from '../decisions/resolve-manual-review.ts';
import { submitForDecision } from '../decisions/submit-for-decision.ts';
import { getOrder } from '../orders/get-order.ts';

/**
 * The console's work through the admin API: the review queue with maker-checker, manual
 * transfers, the audit trail (append-only down to the database) and the API origins the
 * borrowers' app reads. Orders are walked with the order and lending test kits; the
 * decision engine runs as a job (tiny delays) and the tests poll, never time.
 */

const { server, database } = accountsServerPerFile({
  env: { DECISION_DELAY_MS: '1', PAYOUT_SANDBOX_DELAY_MS: '1', JOB_POLLING_MS: '500', ADMIN_SECOND_APPROVAL_ABOVE: '10000' },
});

const db = () => database.handle.db;

/** An order the engine left to staff: a borrower whose face check is in manual review. */
async function orderInReview(amount: number): Promise<{ borrower: Borrower; orderId: number }> {
  const borrower = await createBorrower(server, database.handle, { faceOutcome: 'manual_review' });
  const orderId = await submittedOrder(db(), borrower, { now: server.clock.now(), amount });
  await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: server.app.config.decisionDelayMs });
  await eventually(
    async () => (await listAwaitingReview({ db: db() })).some((row) => row.orderId === orderId),
    `order ${orderId} to await staff`,
  );
  return { borrower, orderId };
}

async function auditOf(client: AdminClient, query: string): Promise<TAuditListResponse['items']> {
  const result = await client.call(ADMIN_ROUTES.listAudit, { query });
  expect(result.status).toBe(200);
  return (result.json as TAuditListResponse).items;
}

describe('the review queue', () => {
  it('approves above the second-approval amount only with a second operator, and the borrower’s order moves as the engine would move it', async () => {
    const maker = await signedInClient(server, await enrolledOperator(server, 'maker', 'reviewer'));
    const checker = await signedInClient(server, await enrolledOperator(server, 'checker', 'reviewer'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'work-admin', 'administrator'));
    const { borrower, orderId } = await orderInReview(20_000);

    const list = (await maker.call(ADMIN_ROUTES.listReviews)).json as TReviewListResponse;
    const item = list.items.find((row) => row.orderId === orderId);
    // A single repayment's term counts days (the console writes 90 天, not 90 期).
    expect(item).toMatchObject({
      principal: 20_000,
      term: 90,
      termUnit: 'day',
      rules: ['faceCheck'],
      needsSecondApproval: true,
      firstApprovalBy: null,
    });
    // Masked in the list: first and last character only.
    expect(item?.borrowerName).toMatch(/^.\*+.?$/u);

    const detail = (await maker.call(ADMIN_ROUTES.reviewDetail, { params: { orderId } })).json as TReviewDetailResponse;
    expect(detail.order.borrowerName).toBe(borrower.name);
    expect(detail.typed.idNumber).not.toBe(borrower.idNumber);
    expect(detail.outcomes.find((row) => row.rule === 'faceCheck')?.outcome).toBe('manualReview');
    expect(detail.images).toMatchObject({ idFront: true, idBack: true, selfie: true });
    const photo = await maker.call(ADMIN_ROUTES.reviewImage, { params: { orderId, image: 'idFront' } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('cache-control')).toBe('no-store');

    const approve = { verdict: 'approve', reasonCode: 'documentsVerified', note: '證件清楚' };
    expect(await maker.call(ADMIN_ROUTES.decideReview, { params: { orderId }, body: approve })).toMatchObject({
      status: 200,
      json: { outcome: 'awaitingSecondApproval', orderState: '審核中' },
    });
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('審核中');
    expect(await maker.call(ADMIN_ROUTES.decideReview, { params: { orderId }, body: approve })).toMatchObject({
      status: 409,
      json: { message: ADMIN_SECOND_APPROVER_REQUIRED.replace('{amount}', '10,000') },
    });
    expect(
      ((await checker.call(ADMIN_ROUTES.listReviews)).json as TReviewListResponse).items.find((row) => row.orderId === orderId)
        ?.firstApprovalBy,
    ).toBe('maker');
    const second = await checker.call(ADMIN_ROUTES.decideReview, {
      params: { orderId },
      body: { verdict: 'approve', reasonCode: 'documentsVerified' },
    });
    expect(second).toMatchObject({ status: 200, json: { outcome: 'approved' } });
    // As an automatic approval: approved, then the payout requested and paid out by the sandbox.
    await eventually(
      async () => ((await detailOf(server, borrower, orderId)).state === '待還款' ? true : undefined),
      'the order to be paid out',
    );
    expect(await checker.call(ADMIN_ROUTES.decideReview, { params: { orderId }, body: approve })).toMatchObject({
      status: 409,
      json: { message: ADMIN_REVIEW_NOT_WAITING },
    });

    const rows = await auditOf(admin, `target=${encodeURIComponent(`order:${detail.order.orderNo}`)}`);
    expect(rows.map((row) => [row.operator, row.action])).toEqual([
      ['checker', 'review.approved'],
      ['maker', 'review.firstApproval'],
      ['maker', 'review.viewed'],
    ]);
    expect(rows[0]).toMatchObject({ before: { state: '審核中', firstApprovalBy: 'maker' }, after: { reasonCode: 'documentsVerified' } });
  });

  it('refuses with a reason code on one operator’s word, below or above the amount', async () => {
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'refuser', 'reviewer'));
    const { borrower, orderId } = await orderInReview(20_000);
    expect(
      (await reviewer.call(ADMIN_ROUTES.decideReview, { params: { orderId }, body: { verdict: 'refuse', reasonCode: 'nonsense' } })).status,
    ).toBe(400);
    expect((await getOrder({ db: db(), orderId }))?.state).toBe('審核中');
    expect(
      await reviewer.call(ADMIN_ROUTES.decideReview, { params: { orderId }, body: { verdict: 'refuse', reasonCode: 'faceMismatch' } }),
    ).toMatchObject({
      status: 200,
      json: { outcome: 'refused', orderState: '已拒絕' },
    });
    expect((await detailOf(server, borrower, orderId)).state).toBe('已拒絕');
  });
});

describe('payments', () => {
  it('lets finance confirm a manual transfer (credited as a payment) and see its receipt; a second confirmation changes nothing', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'cashier', 'finance'));
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'no-money', 'reviewer'));
    const borrower = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const receipt = (await uploadedImage(server, borrower)).key;
    const today = (await detailOf(server, borrower, orderId)).disbursedOn ?? '';
    bodyOf(
      (
        await server.client.call(
          ENDPOINTS.repayManual,
          {
            requestId: requestId(),
            orderId: String(orderId),
            amount: 1_000,
            paidOn: today,
            fromAccountLast5: '12345',
            receiptImageKey: receipt,
          },
          borrower.headers,
        )
      ).envelope,
    );

    const waiting = ((await finance.call(ADMIN_ROUTES.listTransfers)).json as TPaymentListResponse).items.find(
      (row) => row.orderId === orderId,
    );
    expect(waiting).toMatchObject({ amount: 1_000, fromAccountLast5: '12345', hasReceipt: true });
    const id = waiting?.id ?? 0;
    expect((await finance.call(ADMIN_ROUTES.transferReceipt, { params: { id } })).status).toBe(200);
    expect((await reviewer.call(ADMIN_ROUTES.reviewTransfer, { params: { id }, body: { verdict: 'confirm' } })).status).toBe(403);
    expect(await finance.call(ADMIN_ROUTES.reviewTransfer, { params: { id }, body: { verdict: 'confirm', note: '已入帳' } })).toMatchObject(
      {
        status: 200,
        json: { outcome: 'confirmed', orderState: '待還款' },
      },
    );
    expect(await finance.call(ADMIN_ROUTES.reviewTransfer, { params: { id }, body: { verdict: 'confirm' } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_TRANSFER_NOT_WAITING },
    });
    expect(((await finance.call(ADMIN_ROUTES.listTransfers)).json as TPaymentListResponse).items.some((row) => row.id === id)).toBe(false);
    const books = await finance.call(ADMIN_ROUTES.checkBooks);
    expect(books).toMatchObject({ status: 200, json: { balanced: true } });
  });

  it('credits a payment held for a larger amount (the order settles, the rest kept), then records the credit refunded, each once and audited', async () => {
    const finance = await signedInClient(server, await enrolledOperator(server, 'held-finance', 'finance'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'held-admin', 'administrator'));
    const borrower = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, borrower, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const { payment } = await collect(server, borrower, orderId, 'payoff');
    if (!payment) throw new Error('no payment issued');
    await postNotification(server, paidNotification(server, payment.id, payment.amount + 500));
    const held = ((await finance.call(ADMIN_ROUTES.listHeld)).json as TPaymentListResponse).items.find((row) => row.orderId === orderId);
    expect(held).toMatchObject({ amount: payment.amount, heldAmount: payment.amount + 500 });
    const id = held?.id ?? 0;
    expect(await finance.call(ADMIN_ROUTES.resolveHeld, { params: { id }, body: { verdict: 'credit' } })).toMatchObject({
      status: 200,
      json: { outcome: 'credited', orderState: '已結清' },
    });
    expect(await finance.call(ADMIN_ROUTES.resolveHeld, { params: { id }, body: { verdict: 'refund' } })).toMatchObject({
      status: 409,
      json: { message: ADMIN_PAYMENT_NOT_HELD },
    });

    const credit = ((await finance.call(ADMIN_ROUTES.listCredits)).json as TCreditListResponse).items.find(
      (row) => row.orderId === orderId,
    );
    expect(credit).toMatchObject({ left: 500, refunded: 0 });
    expect(await finance.call(ADMIN_ROUTES.refundCredit, { params: { orderId }, body: { note: '已匯回' } })).toMatchObject({
      status: 200,
      json: { outcome: 'refunded' },
    });
    expect(await finance.call(ADMIN_ROUTES.refundCredit, { params: { orderId }, body: {} })).toMatchObject({
      status: 409,
      json: { message: ADMIN_NO_CREDIT_KEPT },
    });
    expect((await detailOf(server, borrower, orderId)).creditKept).toBe(0);

    const rows = await auditOf(admin, 'operator=held-finance');
    expect(rows.map((row) => row.action)).toEqual(['credit.refunded', 'held.credited', 'operator.login', 'operator.enrolled']);
    expect(rows[0]).toMatchObject({ before: { creditKept: 500 }, after: { creditKept: 0, refunded: 500 } });
    expect(rows[1]).toMatchObject({
      before: { state: 'held', requested: payment.amount, arrived: payment.amount + 500 },
      after: { outcome: 'credited' },
    });
  });
});

describe('the audit trail', () => {
  it('is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const admin = await signedInClient(server, await enrolledOperator(server, 'auditor', 'administrator'));
    const rows = await auditOf(admin, 'operator=auditor');
    expect(rows.map((row) => row.action)).toEqual(['operator.login', 'operator.enrolled']);
    const { sql } = await import('drizzle-orm');
    await expect(db().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditOf(admin, 'operator=auditor')).toEqual(rows);
    // And the repository offers nothing that would: an insert and reads.
    const repository = await import('./admin-repository.ts');
    expect(
      Object.keys(repository)
        .filter((name) => /audit/i.test(name))
        .sort(),
    ).toEqual(['insertAudit', 'selectAudit', 'selectAuditOfTargets']);
  });

  it('filters by action and day', async () => {
    const admin = await signedInClient(server, await enrolledOperator(server, 'filterer', 'administrator'));
    const logins = await auditOf(admin, 'action=operator.login&operator=filterer');
    expect(logins).toHaveLength(1);
    expect(await auditOf(admin, 'operator=filterer&from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect((await admin.call(ADMIN_ROUTES.listAudit, { query: 'action=drop-table' })).status).toBe(400);
  });
});

describe('what the borrowers’ app reads from the console', () => {
  it('serves the API origins an administrator saved (changeDomainName), and an empty campaign list (activity/award)', async () => {
    const admin = await signedInClient(server, await enrolledOperator(server, 'origins-admin', 'administrator'));
    expect((await admin.call(ADMIN_ROUTES.saveApiOrigins, { body: { origins: ['http://plain.example.tw'] } })).status).toBe(400);
    // A borrower's app asks just before the save; the next start gets the saved list at once.
    const before = bodyOf((await server.client.call(ENDPOINTS.changeDomainName, {})).envelope) as { domains: string[] };
    const origins = ['https://api1.example.tw', 'https://api2.example.tw'];
    expect(before.domains).not.toEqual(origins);
    expect(await admin.call(ADMIN_ROUTES.saveApiOrigins, { body: { origins } })).toMatchObject({ status: 200, json: { origins } });
    expect(bodyOf((await server.client.call(ENDPOINTS.changeDomainName, {})).envelope)).toEqual({ domains: origins });
    const borrower = await createBorrower(server, database.handle, { stopBefore: 'contacts' });
    expect(bodyOf((await server.client.call(ENDPOINTS.activityAward, {}, borrower.headers)).envelope)).toEqual({ campaigns: [] });
    const [change] = await auditOf(admin, 'action=settings.apiOrigins&operator=origins-admin');
    expect(change).toMatchObject({ before: { origins: [] }, after: { origins } });
  });
});
