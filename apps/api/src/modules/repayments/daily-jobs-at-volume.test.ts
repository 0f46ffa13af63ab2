import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { accountsServerPerFile, ManualClock } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import { openRepayingOrder } from '../../test/repayments-test-kit.ts';
import { getOrder } from '../orders/get-order.ts';
import { runOverdue } from './daily-repayment-jobs.ts';
import { loanAccountOf } from './loan-account-of.ts';
import { orderIdsPastDueQuery, owingInstalmentsDueOnQuery, selectInstalments } from './repayments-repository.ts';

/**
 * The daily jobs at a lender's volume: most orders closed, their schedules settled. The
 * overdue run and the reminders find their few rows through the partial indexes on
 * unsettled instalments — the query plans show no sequential scan of the schedule — and
 * still find the right rows among the copies (the orders are then read by id).
 */

const { database, server } = accountsServerPerFile({
  clock: new ManualClock(Date.parse('2030-01-10T02:00:00Z')),
  env: { SESSION_IDLE_DAYS: '3650' },
});

const CLOSED_COPIES = 4_000;

async function columnsOf(table: string): Promise<string[]> {
  const result = (await database.handle.db.execute(
    sql`select column_name from information_schema.columns where table_name = ${table} and column_name <> 'id' order by ordinal_position`,
  )) as unknown as { rows: Array<{ column_name: string }> };
  return result.rows.map((row) => `"${row.column_name}"`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan of a query built by the repository, with its parameters, as the database would run it. */
async function planOf(handle: DatabaseHandle, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const statement = `explain (format json) ${text}`;
  const rows = (
    handle.pool ? (await handle.pool.query(statement, params)).rows : (await handle.pglite!.query(statement, params)).rows
  ) as Array<Record<string, unknown>>;
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0]!.Plan);
  return nodes;
}

/**
 * What each node reads: a table, through an index or not. A bitmap scan names its index on the
 * Bitmap Index Scan node (no relation) and its table on the Bitmap Heap Scan above it; the
 * planner takes either form for the same index, as its sampled statistics lean.
 */
const scans = (nodes: PlanNode[]) =>
  nodes
    .filter((node) => node['Relation Name'] || node['Index Name'])
    .map((node) => [node['Node Type'], node['Relation Name'], node['Index Name']].filter(Boolean).join(' '));

describe('the daily jobs among many closed orders', () => {
  it('find overdue orders and due instalments through the partial indexes, never a scan of every order or instalment', async () => {
    const start = '2030-01-10';
    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, 12_000, 12);
    const db = database.handle.db;

    // Copies of the order, closed with their schedules settled: the bulk of a lender's tables.
    const orderColumns = await columnsOf('loan_orders');
    const copied = orderColumns.map((column) =>
      column === '"order_no"' ? `'V' || g || '-' || "order_no"` : column === '"state"' ? `'已結清'` : column,
    );
    await db.execute(
      sql.raw(
        `insert into loan_orders (${orderColumns.join(', ')}) select ${copied.join(', ')} from loan_orders, generate_series(1, ${CLOSED_COPIES}) g where id = ${orderId}`,
      ),
    );
    const instalmentColumns = await columnsOf('order_instalments');
    const copiedInstalments = instalmentColumns.map((column) =>
      column === '"order_id"' ? 'o.id' : column === '"settled_at"' ? `now()` : `i.${column}`,
    );
    await db.execute(
      sql.raw(
        `insert into order_instalments (${instalmentColumns.join(', ')}) select ${copiedInstalments.join(', ')} from order_instalments i, loan_orders o where i.order_id = ${orderId} and o.order_no like 'V%'`,
      ),
    );
    await db.execute(sql`analyze loan_orders`);
    await db.execute(sql`analyze order_instalments`);

    const firstDue = addDays(start, 31);
    const overduePlan = await planOf(database.handle, orderIdsPastDueQuery(db, { today: addDays(firstDue, 2), afterId: 0, limit: 100 }));
    const remindersPlan = await planOf(database.handle, owingInstalmentsDueOnQuery(db, [firstDue]));
    // The overdue run's batches read the unsettled instalments only, by order or by due date as
    // the planner prefers (the schedule's own key, order_instalments_order_number_idx, walked
    // 2.8M settled rows per batch at a lender's volume); the reminders look their days up among
    // the unsettled ones.
    expect(
      scans(overduePlan).some((scan) => / order_instalments_unsettled_(order|due)_idx$/.test(scan)),
      scans(overduePlan).join('; '),
    ).toBe(true);
    expect(
      scans(remindersPlan).some((scan) => scan.endsWith(' order_instalments_unsettled_due_idx')),
      scans(remindersPlan).join('; '),
    ).toBe(true);
    for (const plan of [overduePlan, remindersPlan]) {
      expect(scans(plan).filter((scan) => scan.startsWith('Seq Scan') || scan.endsWith('order_instalments_order_number_idx'))).toEqual([]);
    }

    // And the rows: the one repaying order, never a copy.
    const overdue = await orderIdsPastDueQuery(db, { today: addDays(firstDue, 2), afterId: 0, limit: 100 });
    expect(overdue.map((row) => row.orderId)).toEqual([orderId]);
    const due = await owingInstalmentsDueOnQuery(db, [firstDue]);
    expect(due.map((row) => [row.orderId, row.number])).toEqual([[orderId, 1]]);
  }, 120_000);

  it('replays a batch of overdue orders together: each stored as its own replay says, 已逾期, and a second run changes nothing', async () => {
    const db = database.handle.db;
    const orderIds: number[] = [];
    for (const [amount, term] of [
      [12_000, 3],
      [30_000, 6],
      [8_000, 12],
    ] as const) {
      const user = await createBorrower(server, database.handle);
      orderIds.push(await openRepayingOrder(server, database.handle, user, DEFAULT_EQUAL_INSTALMENT_PRODUCT, amount, term));
    }
    // Past every order's first due date (a month and ten days), nothing paid.
    server.clock.advance(41 * 86_400_000);
    const now = server.clock.now();
    const today = taipeiCalendarDate(now);
    expect(await runOverdue({ db, now })).toBeGreaterThanOrEqual(orderIds.length);
    for (const orderId of orderIds) {
      const order = await getOrder({ db, orderId });
      expect(order?.state).toBe('已逾期');
      const books = await loanAccountOf({ db, order: order!, today, capPercent: APR_CAP_PERCENT });
      const stored = await selectInstalments(db, [orderId]);
      const first = stored.find((row) => row.number === 1);
      expect(first?.overdueInterest).toBeGreaterThan(0);
      expect(stored.map((row) => [row.number, row.dueDate, row.interest, row.overdueInterest, row.settledAt])).toEqual(
        books!.account.instalments.map((position) => [
          position.number,
          position.dueDate,
          position.interest,
          position.overdueInterest,
          null,
        ]),
      );
    }
    // Each order's move recorded once, as the single-order path records it: from 待還款, by the
    // job, at the run's time, with its own payoff and past-due amounts.
    const changes = async () =>
      (
        (await db.execute(
          sql`select c.order_id, c.from_state, c.to_state, c.cause, c.detail, c.at, o.state_changed_at from order_state_changes c join loan_orders o on o.id = c.order_id where c.to_state = '已逾期' and c.order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by c.id`,
        )) as unknown as {
          rows: Array<{
            order_id: number;
            from_state: string;
            to_state: string;
            cause: string;
            detail: Record<string, unknown>;
            at: string | Date;
            state_changed_at: string | Date;
          }>;
        }
      ).rows;
    const recorded = await changes();
    expect(recorded.map((row) => Number(row.order_id))).toEqual(orderIds);
    for (const [k, row] of recorded.entries()) {
      const order = await getOrder({ db, orderId: orderIds[k]! });
      const books = await loanAccountOf({ db, order: order!, today, capPercent: APR_CAP_PERCENT });
      expect([row.from_state, row.cause, new Date(row.at).getTime()]).toEqual(['待還款', 'overdue-job', now.getTime()]);
      expect(row.detail).toEqual({ today, payoff: books!.account.payoff, pastDue: books!.account.pastDue });
      expect(new Date(row.state_changed_at).getTime()).toBe(now.getTime());
    }
    expect(await runOverdue({ db, now })).toBe(0);
    expect(await changes()).toHaveLength(orderIds.length);
  }, 120_000);
});
