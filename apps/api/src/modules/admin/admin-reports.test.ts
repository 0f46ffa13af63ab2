import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import type { TDashboardResponse, TReconciliationResponse } from '@app/contract/admin/admin-report-schemas.ts';
import {
  collectionNotifications,
  loanJournalEntries,
  loanJournalLines,
  loanOrders,
  orderInstalments,
  orderStateChanges,
  payouts,
  repaymentCredits,
  repaymentRequests,
  trackingEvents,
  userAttributions,
} from '../../db/schema.ts';
import { accountsServerPerFile, loggedInUser, ManualClock } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient } from '../../test/admin-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';

/**
 * The dashboard's figures, the daily reconciliation and the CSV exports against a history
 * seeded row by row, so every figure is known: today is 2031-03-15 in Taipei and the 30
 * days run from 2031-02-14. Instants near Taipei midnight check that days are Taipei's.
 */

const { server, database } = accountsServerPerFile({ clock: new ManualClock(Date.parse('2031-03-15T03:00:00Z')) });
const db = () => database.handle.db;
const at = (iso: string) => new Date(iso);

async function registered(userId: string, channel: string, iso: string): Promise<number> {
  await db()
    .update(userAttributions)
    .set({ sourceChannel: channel, createdAt: at(iso) })
    .where(eq(userAttributions.userId, Number(userId)));
  return Number(userId);
}

async function order(values: {
  userId: number;
  orderNo: string;
  state: (typeof loanOrders.$inferInsert)['state'];
  principal: number;
  signed?: string;
  disbursedOn?: string;
}): Promise<number> {
  const [row] = await db()
    .insert(loanOrders)
    .values({
      userId: values.userId,
      orderNo: values.orderNo,
      state: values.state,
      principal: values.principal,
      productName: '測試商品',
      contractSignedAt: values.signed ? at(values.signed) : null,
      disbursedOn: values.disbursedOn ?? null,
    })
    .returning({ id: loanOrders.id });
  if (!row) throw new Error('no order');
  return row.id;
}

const change = (orderId: number, toState: (typeof orderStateChanges.$inferInsert)['toState'], iso: string) =>
  db()
    .insert(orderStateChanges)
    .values({ orderId, toState, cause: 'test', at: at(iso) });

async function request(orderId: number, userId: number, amount: number): Promise<number> {
  const [row] = await db()
    .insert(repaymentRequests)
    .values({ orderId, userId, kind: 'payoff', channel: 'cvs', amount, state: 'paid', gateway: 'sandbox', quotedOn: '2031-03-01' })
    .returning({ id: repaymentRequests.id });
  if (!row) throw new Error('no request');
  return row.id;
}

const credit = (orderId: number, requestId: number, source: string, amount: number, iso: string) =>
  db()
    .insert(repaymentCredits)
    .values({ orderId, requestId, source, amount, allocated: amount, creditKept: 0, creditedAt: at(iso) });

const notice = (requestId: number | null, transactionId: string, amount: number, outcome: string, iso: string) =>
  db()
    .insert(collectionNotifications)
    .values({ gateway: 'sandbox', transactionId, requestId, amount, outcome, receivedAt: at(iso) });

const instalment = (orderId: number, number: number, dueDate: string, settled: string | null) =>
  db()
    .insert(orderInstalments)
    .values({ orderId, number, dueDate, principal: 1000, interest: 10, fee: 0, settledAt: settled ? at(settled) : null });

let seeded: { orderA: number; orderE1: number; orderE3: number } | null = null;

/** The history every test here reads (once per file). */
async function seed() {
  if (seeded) return seeded;
  const a = await registered((await createBorrower(server, database.handle)).userId, 'fb_ads', '2031-03-01T02:00:00Z');
  const b = await registered(
    (await createBorrower(server, database.handle, { stopBefore: 'contacts' })).userId,
    'fb_ads',
    '2031-03-02T02:00:00Z',
  );
  await registered((await loggedInUser(server)).userId, 'fb_ads', '2031-03-03T02:00:00Z');
  const d = await registered(
    (await createBorrower(server, database.handle, { stopBefore: 'idCard' })).userId,
    'Organic',
    '2031-03-15T01:00:00Z',
  );
  // Registered before the 30 days: outside the funnel, but their orders count where their events fall.
  const e = await registered((await createBorrower(server, database.handle)).userId, 'fb_ads', '2031-01-10T02:00:00Z');

  const orderA = await order({
    userId: a,
    orderNo: 'L20310304000901',
    state: '待還款',
    principal: 10_000,
    signed: '2031-03-04T01:00:00Z',
    disbursedOn: '2031-03-05',
  });
  await change(orderA, '審核中', '2031-03-04T02:00:00Z');
  await change(orderA, '已核准', '2031-03-04T03:00:00Z');
  const orderB = await order({ userId: b, orderNo: 'L20310315000902', state: '審核中', principal: 8_000, signed: '2031-03-15T01:30:00Z' });
  await change(orderB, '審核中', '2031-03-15T02:00:00Z');
  await order({ userId: d, orderNo: 'L20310315000903', state: '待簽約', principal: 6_000 });
  const orderE1 = await order({
    userId: e,
    orderNo: 'L20310113000904',
    state: '已逾期',
    principal: 5_000,
    signed: '2031-01-13T01:00:00Z',
    disbursedOn: '2031-01-15',
  });
  // 23:30 on 2031-02-13 in Taipei: the day before the 30 days.
  await change(orderE1, '審核中', '2031-02-13T15:30:00Z');
  const orderE2 = await order({ userId: e, orderNo: 'L20310214000905', state: '已拒絕', principal: 4_000, signed: '2031-02-13T16:00:00Z' });
  // 00:30 on 2031-02-14 in Taipei: the first of the 30 days.
  await change(orderE2, '審核中', '2031-02-13T16:30:00Z');
  await change(orderE2, '已拒絕', '2031-03-15T01:00:00Z');
  const orderE3 = await order({
    userId: e,
    orderNo: 'L20310201000906',
    state: '已結清',
    principal: 3_000,
    signed: '2031-02-01T01:00:00Z',
    disbursedOn: '2031-02-01',
  });

  await db()
    .insert(payouts)
    .values([
      {
        orderId: orderA,
        amount: 10_000,
        provider: 'sandbox',
        providerTransactionId: 'p-a',
        state: 'completed',
        requestedAt: at('2031-03-04T04:00:00Z'),
        settledAt: at('2031-03-05T02:00:00Z'),
      },
      {
        orderId: orderE1,
        amount: 5_000,
        provider: 'sandbox',
        providerTransactionId: 'p-e1',
        state: 'completed',
        requestedAt: at('2031-01-15T01:00:00Z'),
        settledAt: at('2031-01-15T02:00:00Z'),
      },
      // 00:30 on 2031-03-15 in Taipei: today.
      {
        orderId: orderE3,
        amount: 3_000,
        provider: 'sandbox',
        providerTransactionId: 'p-e3',
        state: 'completed',
        requestedAt: at('2031-03-14T10:00:00Z'),
        settledAt: at('2031-03-14T16:30:00Z'),
      },
    ]);

  const requestE1 = await request(orderE1, e, 2_000);
  const requestA = await request(orderA, a, 1_500);
  const requestE3 = await request(orderE3, e, 3_100);
  await credit(orderE1, requestE1, `manual:${requestE1}`, 2_000, '2031-03-10T05:00:00Z');
  await credit(orderA, requestA, 'sandbox:tx-1', 1_500, '2031-03-15T03:00:00Z');
  await notice(requestA, 'tx-1', 1_500, 'credited', '2031-03-15T03:00:00Z');
  await credit(orderE3, requestE3, 'sandbox:tx-2', 3_100, '2031-02-13T10:00:00Z');
  // For the reconciliation: held (not credited), credited for less than notified, credited without a notification, failed.
  await notice(requestA, 'tx-3', 900, 'held', '2031-03-14T06:00:00Z');
  await notice(requestA, 'tx-4', 700, 'credited', '2031-03-15T02:30:00Z');
  await credit(orderA, requestA, 'sandbox:tx-4', 600, '2031-03-15T02:30:00Z');
  await credit(orderE3, requestE3, 'sandbox:tx-5', 400, '2031-03-14T08:00:00Z');
  await notice(requestE3, 'tx-6', 300, 'failed', '2031-03-14T09:00:00Z');

  await instalment(orderE1, 1, '2031-02-13', null);
  await instalment(orderE1, 2, '2031-02-14', null);
  await instalment(orderE3, 1, '2031-03-01', '2031-03-01T15:00:00Z');
  await instalment(orderE3, 2, '2031-03-10', '2031-03-10T16:30:00Z');
  await instalment(orderA, 1, '2031-03-15', null);

  await db()
    .insert(trackingEvents)
    .values([
      { event: '-1', eventContent: '/pages/loans/index', deviceId: 'd1', channel: 'fb_ads', createdAt: at('2031-03-01T01:00:00Z') },
      { event: '-1', eventContent: '/pages/login/index', deviceId: 'd1', channel: 'fb_ads', createdAt: at('2031-03-01T01:01:00Z') },
      { event: '-1', eventContent: '/pages/loans/index', deviceId: 'd2', channel: 'fb_ads', createdAt: at('2031-03-02T01:00:00Z') },
      { event: '-1', eventContent: '/pages/me/index', userId: a, channel: 'fb_ads', createdAt: at('2031-03-06T01:00:00Z') },
      { event: '-1', eventContent: '/pages/loans/index', deviceId: 'd3', channel: 'google', createdAt: at('2031-03-07T01:00:00Z') },
      // 23:59 on 2031-02-13 in Taipei: before the 30 days.
      { event: '-1', eventContent: '/pages/loans/index', deviceId: 'd4', channel: 'fb_ads', createdAt: at('2031-02-13T15:59:00Z') },
    ]);

  const [entry] = await db()
    .insert(loanJournalEntries)
    .values({
      orderId: orderA,
      kind: 'payout',
      source: `payout:${orderA}`,
      amount: 10_000,
      valueDate: '2031-03-05',
      paidOn: '2031-03-05',
      postedOn: '2031-03-05',
      at: at('2031-03-05T02:00:00Z'),
    })
    .returning({ id: loanJournalEntries.id });
  await db()
    .insert(loanJournalLines)
    .values([
      { entryId: entry?.id ?? 0, orderId: orderA, account: 'principal', amount: 10_000 },
      { entryId: entry?.id ?? 0, orderId: orderA, account: 'cash', amount: -10_000 },
    ]);
  seeded = { orderA, orderE1, orderE3 };
  return seeded;
}

describe('the dashboard', () => {
  it('counts today and the 30 Taipei days exactly, from each owner’s records', async () => {
    await seed();
    const finance = await signedInClient(server, await enrolledOperator(server, 'dash-finance', 'finance'));
    const result = await finance.call(ADMIN_ROUTES.dashboard);
    expect(result.status).toBe(200);
    const dashboard = result.json as TDashboardResponse;
    expect(dashboard).toMatchObject({ today: '2031-03-15', from: '2031-02-14' });
    expect(dashboard.todayFigures).toEqual({
      applications: 1,
      approved: 0,
      refused: 1,
      paidOutCount: 1,
      paidOutAmount: 3_000,
      collectedCount: 2,
      collectedAmount: 2_100,
      // Now: one order overdue of the two being repaid.
      overdue: 1,
      overdueBase: 2,
    });
    expect(dashboard.periodFigures).toEqual({
      applications: 3,
      approved: 1,
      refused: 1,
      paidOutCount: 2,
      paidOutAmount: 13_000,
      collectedCount: 4,
      collectedAmount: 4_500,
      // Instalments due 2031-02-14 … 2031-03-14: one unpaid, one paid the day after, one on time.
      overdue: 2,
      overdueBase: 3,
    });
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily[0]).toEqual({
      day: '2031-02-14',
      applications: 1,
      approved: 0,
      refused: 0,
      paidOutAmount: 0,
      collectedAmount: 0,
    });
    expect(dashboard.daily.find((day) => day.day === '2031-03-04')).toMatchObject({ applications: 1, approved: 1 });
    expect(dashboard.daily.find((day) => day.day === '2031-03-14')).toMatchObject({ collectedAmount: 400, paidOutAmount: 0 });
    expect(dashboard.funnel).toEqual([
      {
        channel: 'fb_ads',
        launched: 3,
        registered: 3,
        personal: 2,
        contacts: 1,
        idCard: 1,
        bankCard: 1,
        face: 1,
        applied: 2,
        signed: 2,
        paidOut: 1,
      },
      {
        channel: 'Organic',
        launched: 0,
        registered: 1,
        personal: 1,
        contacts: 1,
        idCard: 0,
        bankCard: 0,
        face: 0,
        applied: 1,
        signed: 0,
        paidOut: 0,
      },
      {
        channel: 'google',
        launched: 1,
        registered: 0,
        personal: 0,
        contacts: 0,
        idCard: 0,
        bankCard: 0,
        face: 0,
        applied: 0,
        signed: 0,
        paidOut: 0,
      },
    ]);
  });

  it('is for finance and administrators only', async () => {
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'dash-reviewer', 'reviewer'));
    const support = await signedInClient(server, await enrolledOperator(server, 'dash-support', 'support'));
    expect((await reviewer.call(ADMIN_ROUTES.dashboard)).status).toBe(403);
    expect((await support.call(ADMIN_ROUTES.dashboard)).status).toBe(403);
  });
});

describe('the daily reconciliation', () => {
  it('sets each day’s notified money against what was credited and lists every difference', async () => {
    await seed();
    const finance = await signedInClient(server, await enrolledOperator(server, 'recon-finance', 'finance'));
    const result = await finance.call(ADMIN_ROUTES.reconciliation, { query: 'from=2031-03-14&to=2031-03-15' });
    expect(result.status).toBe(200);
    const { orderA, orderE3 } = await seed();
    expect(result.json as TReconciliationResponse).toEqual({
      days: [
        { day: '2031-03-14', notifiedCount: 1, notifiedAmount: 900, creditedCount: 1, creditedAmount: 400, difference: 500 },
        { day: '2031-03-15', notifiedCount: 2, notifiedAmount: 2_200, creditedCount: 2, creditedAmount: 2_100, difference: 100 },
      ],
      differences: [
        {
          day: '2031-03-14',
          kind: 'notCredited',
          gateway: 'sandbox',
          transactionId: 'tx-3',
          orderId: orderA,
          notifiedAmount: 900,
          outcome: 'held',
          creditedAmount: null,
        },
        {
          day: '2031-03-14',
          kind: 'creditWithoutNotice',
          gateway: 'sandbox',
          transactionId: 'tx-5',
          orderId: orderE3,
          notifiedAmount: null,
          outcome: null,
          creditedAmount: 400,
        },
        {
          day: '2031-03-15',
          kind: 'amountDiffers',
          gateway: 'sandbox',
          transactionId: 'tx-4',
          orderId: orderA,
          notifiedAmount: 700,
          outcome: 'credited',
          creditedAmount: 600,
        },
      ],
    });
    expect((await finance.call(ADMIN_ROUTES.reconciliation, { query: 'from=2031-03-15&to=2031-03-14' })).status).toBe(400);
    expect((await finance.call(ADMIN_ROUTES.reconciliation, { query: 'from=2030-01-01&to=2031-03-14' })).status).toBe(400);
  });
});

describe('CSV exports', () => {
  it('gives finance payouts, collections and the journal of a range as UTF-8 CSV with a BOM and integer amounts, each export audited', async () => {
    const { orderA, orderE3 } = await seed();
    const finance = await signedInClient(server, await enrolledOperator(server, 'export-finance', 'finance'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'export-admin', 'administrator'));
    const text = async (kind: string, query: string) => {
      const result = await finance.call(ADMIN_ROUTES.exportCsv, { params: { kind }, query });
      expect(result.status).toBe(200);
      expect(result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(result.headers.get('content-disposition')).toBe(`attachment; filename="${kind}-${query.slice(5, 15)}-${query.slice(19)}.csv"`);
      const bytes = new Uint8Array(result.json as ArrayBuffer);
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    };
    expect(await text('payouts', 'from=2031-03-01&to=2031-03-15')).toEqual([
      '撥款編號,訂單編號,金額,狀態,金流業者,交易序號,申請時間,完成時間',
      expect.stringMatching(new RegExp(`^\\d+,${orderA},10000,completed,sandbox,p-a,2031-03-04 12:00:00,2031-03-05 10:00:00$`)),
      expect.stringMatching(new RegExp(`^\\d+,${orderE3},3000,completed,sandbox,p-e3,2031-03-14 18:00:00,2031-03-15 00:30:00$`)),
      '',
    ]);
    const collections = await text('collections', 'from=2031-03-14&to=2031-03-15');
    expect(collections[0]).toBe('入帳編號,訂單編號,繳款單編號,種類,管道,來源,金額,沖銷本息,展期,溢繳保留,入帳時間');
    expect(collections.slice(1, -1).map((line) => line.split(',').slice(5, 7))).toEqual([
      ['sandbox:tx-1', '1500'],
      ['sandbox:tx-4', '600'],
      ['sandbox:tx-5', '400'],
    ]);
    const journal = await text('journal', 'from=2031-03-05&to=2031-03-05');
    expect(journal.slice(1, -1).map((line) => line.split(',').slice(1))).toEqual([
      [String(orderA), 'payout', `payout:${orderA}`, '2031-03-05', '2031-03-05', '2031-03-05 10:00:00', 'principal', '10000'],
      [String(orderA), 'payout', `payout:${orderA}`, '2031-03-05', '2031-03-05', '2031-03-05 10:00:00', 'cash', '-10000'],
    ]);
    expect((await finance.call(ADMIN_ROUTES.exportCsv, { params: { kind: 'users' }, query: 'from=2031-03-01&to=2031-03-15' })).status).toBe(
      400,
    );
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'export-reviewer', 'reviewer'));
    expect(
      (await reviewer.call(ADMIN_ROUTES.exportCsv, { params: { kind: 'payouts' }, query: 'from=2031-03-01&to=2031-03-15' })).status,
    ).toBe(403);

    const audit = (await admin.call(ADMIN_ROUTES.listAudit, { query: 'operator=export-finance&action=export.downloaded' }))
      .json as TAuditListResponse;
    expect(audit.items.map((row) => [row.target, row.after])).toEqual([
      ['export:journal', { from: '2031-03-05', to: '2031-03-05', rows: 2 }],
      ['export:collections', { from: '2031-03-14', to: '2031-03-15', rows: 3 }],
      ['export:payouts', { from: '2031-03-01', to: '2031-03-15', rows: 2 }],
    ]);
  });
});
