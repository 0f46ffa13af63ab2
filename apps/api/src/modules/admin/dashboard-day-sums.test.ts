import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionNotifications,
  loanOrders,
  orderInstalments,
  orderStateChanges,
  payouts,
  repaymentCredits,
  repaymentRequests,
} from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { countDecisionsByDay } from '../orders/index.ts';
import { sumPayoutsByDay } from '../payments/index.ts';
import { countInstalmentsOverdue, reconcileCollections, sumCollectionsByDay } from '../repayments/index.ts';
import { daysFrom, instantsOf } from './taipei-days.ts';

/**
 * The dashboard's and the reconciliation's day sums group rows by their Taipei date in the
 * database (decision 0175) and the reconciliation derives what was credited from the
 * differing pairs, each notification and credit met first among the period's own:
 * rows one millisecond either side of Taipei midnight (16:00 UTC) fall on their own Taipei
 * day, a notification credited days later counts on the day it was received, a credit
 * notified the day before the period is not a credit without a notice, and a day of only
 * matching pairs is credited in full.
 */

let database: TestDatabase;
const db = () => database.handle.db;
const at = (iso: string) => new Date(iso);
/** 2031-05-01 and 2031-05-02 in Taipei. */
const period = instantsOf('2031-05-01', '2031-05-02');

beforeAll(async () => {
  database = await openTestDatabase();
  const userId = Number(
    ((await db().execute(sql`insert into users default values returning id`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id,
  );
  const orderOf = async (orderNo: string) => {
    const [row] = await db()
      .insert(loanOrders)
      .values({ userId, orderNo, state: '已結清', principal: 10_000 })
      .returning({ id: loanOrders.id });
    return row!.id;
  };
  const first = await orderOf('L20310501000001');
  const second = await orderOf('L20310501000002');
  // 23:59:59.999 on 04-30 and 00:00 on 05-01 (Taipei), the last instant of 05-02 and the first of 05-03.
  const edges = ['2031-04-30T15:59:59.999Z', '2031-04-30T16:00:00.000Z', '2031-05-02T15:59:59.999Z', '2031-05-02T16:00:00.000Z'];
  await db()
    .insert(orderStateChanges)
    .values([
      ...edges.map((iso) => ({ orderId: first, toState: '審核中' as const, cause: 'test', at: at(iso) })),
      { orderId: first, toState: '已核准', cause: 'test', at: at('2031-05-01T01:00:00Z') },
      { orderId: second, toState: '已拒絕', cause: 'test', at: at('2031-05-02T15:59:59.999Z') },
      // Not one of the three states the dashboard counts.
      { orderId: second, toState: '待還款', cause: 'test', at: at('2031-05-01T01:00:00Z') },
    ]);
  await db()
    .insert(payouts)
    .values([
      { orderId: first, amount: 1_000, provider: 'sandbox', providerTransactionId: 'p1', state: 'completed', settledAt: at(edges[0]!) },
      {
        orderId: first,
        amount: 2_000,
        attempt: 2,
        provider: 'sandbox',
        providerTransactionId: 'p2',
        state: 'completed',
        settledAt: at(edges[1]!),
      },
      { orderId: second, amount: 4_000, provider: 'sandbox', providerTransactionId: 'p3', state: 'completed', settledAt: at(edges[2]!) },
      // Failed: not money paid out.
      {
        orderId: second,
        amount: 8_000,
        attempt: 2,
        provider: 'sandbox',
        providerTransactionId: 'p4',
        state: 'failed',
        settledAt: at(edges[2]!),
      },
      {
        orderId: second,
        amount: 16_000,
        attempt: 3,
        provider: 'sandbox',
        providerTransactionId: 'p5',
        state: 'completed',
        settledAt: at(edges[3]!),
      },
    ]);
  const [request] = await db()
    .insert(repaymentRequests)
    .values({
      orderId: first,
      userId,
      kind: 'payoff',
      channel: 'cvs',
      amount: 100,
      state: 'paid',
      gateway: 'sandbox',
      quotedOn: '2031-05-01',
    })
    .returning({ id: repaymentRequests.id });
  const credit = (source: string, amount: number, iso: string) => ({
    orderId: first,
    requestId: request!.id,
    source,
    amount,
    allocated: amount,
    creditKept: 0,
    creditedAt: at(iso),
  });
  await db()
    .insert(repaymentCredits)
    .values([
      credit('sandbox:t0', 10, edges[0]!),
      credit('sandbox:t1', 20, edges[1]!),
      // Notified on 05-02 (its last instant), credited on 05-04.
      credit('sandbox:t2', 40, '2031-05-03T20:00:00Z'),
      credit('sandbox:t3', 80, edges[3]!),
      // Credited on 05-01, notified the day before: a credit with a notice, if not in the period.
      credit('sandbox:t6', 5, '2031-05-01T03:00:00Z'),
    ]);
  const notice = (transactionId: string, amount: number, iso: string, outcome = 'credited') => ({
    gateway: 'sandbox',
    transactionId,
    requestId: request!.id,
    amount,
    outcome,
    receivedAt: at(iso),
  });
  await db()
    .insert(collectionNotifications)
    .values([
      notice('t0', 10, edges[0]!),
      notice('t1', 20, edges[1]!),
      notice('t2', 40, edges[2]!),
      notice('t3', 80, edges[3]!),
      // Held on 05-01, never credited; failed on 05-02, not money notified.
      notice('t4', 160, '2031-05-01T10:00:00Z', 'held'),
      notice('t5', 320, '2031-05-02T10:00:00Z', 'failed'),
      notice('t6', 5, '2031-04-30T10:00:00Z'),
    ]);
  // Due 05-01: settled at its day's last instant (on time), at the next day's first (late), never.
  await db()
    .insert(orderInstalments)
    .values([
      { orderId: first, number: 1, dueDate: '2031-05-01', principal: 100, interest: 0, fee: 0, settledAt: at('2031-05-01T15:59:59.999Z') },
      { orderId: first, number: 2, dueDate: '2031-05-01', principal: 100, interest: 0, fee: 0, settledAt: at('2031-05-01T16:00:00.000Z') },
      { orderId: first, number: 3, dueDate: '2031-05-01', principal: 100, interest: 0, fee: 0, settledAt: null },
      { orderId: first, number: 4, dueDate: '2031-04-30', principal: 100, interest: 0, fee: 0, settledAt: null },
    ]);
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

describe('the day sums at Taipei midnight', () => {
  it('count applications, approvals and refusals on the Taipei day of the change', async () => {
    expect(await countDecisionsByDay({ db: db(), ...period })).toEqual([
      { day: '2031-05-01', applications: 1, approved: 1, refused: 0 },
      { day: '2031-05-02', applications: 1, approved: 0, refused: 1 },
    ]);
  });

  it('sum completed payouts and credits on the Taipei day they settled or were credited', async () => {
    expect(await sumPayoutsByDay({ db: db(), ...period })).toEqual([
      { day: '2031-05-01', count: 1, amount: 2_000 },
      { day: '2031-05-02', count: 1, amount: 4_000 },
    ]);
    expect(await sumCollectionsByDay({ db: db(), ...period })).toEqual([{ day: '2031-05-01', count: 2, amount: 25 }]);
  });

  it('count an instalment overdue when it was settled after its Taipei due day ended', async () => {
    expect(await countInstalmentsOverdue({ db: db(), fromDay: '2031-05-01', toDay: '2031-05-01' })).toEqual({ due: 3, overdue: 2 });
  });

  it('reconcile each notification on its Taipei day, credited whenever, and each credit against its notice whenever it came; the held one is the difference', async () => {
    const result = await reconcileCollections({ db: db(), ...period, days: daysFrom('2031-05-01', '2031-05-02') });
    expect(result.days).toEqual([
      { day: '2031-05-01', notifiedCount: 2, notifiedAmount: 180, creditedCount: 1, creditedAmount: 20, difference: 160 },
      { day: '2031-05-02', notifiedCount: 1, notifiedAmount: 40, creditedCount: 1, creditedAmount: 40, difference: 0 },
    ]);
    expect(result.differences.map((row) => [row.day, row.kind, row.transactionId])).toEqual([['2031-05-01', 'notCredited', 't4']]);
  });
});
