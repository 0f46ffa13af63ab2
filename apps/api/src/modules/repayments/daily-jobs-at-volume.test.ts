import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { addDays } from '../../domain/loan-schedule/calendar-date.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { accountsServerPerFile, ManualClock } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import { openRepayingOrder } from '../../test/repayments-test-kit.ts';
import { orderIdsPastDueQuery, owingInstalmentsDueOnQuery } from './repayments-repository.ts';

/**
 * The daily jobs at a lender's volume: most orders closed, their schedules settled. The
 * overdue run and the reminders find their few rows through the partial index on
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
  const rows = (handle.pool ? (await handle.pool.query(statement, params)).rows : (await handle.pglite!.query(statement, params)).rows) as Array<Record<string, unknown>>;
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

const scans = (nodes: PlanNode[]) => nodes.filter((node) => node['Relation Name']).map((node) => `${node['Node Type']} ${node['Relation Name']} ${node['Index Name'] ?? ''}`.trim());

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
      sql.raw(`insert into loan_orders (${orderColumns.join(', ')}) select ${copied.join(', ')} from loan_orders, generate_series(1, ${CLOSED_COPIES}) g where id = ${orderId}`),
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
    for (const plan of [overduePlan, remindersPlan]) {
      expect(scans(plan).some((scan) => scan.endsWith('order_instalments order_instalments_unsettled_due_idx'))).toBe(true);
      expect(scans(plan).filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    }

    // And the rows: the one repaying order, never a copy.
    const overdue = await orderIdsPastDueQuery(db, { today: addDays(firstDue, 2), afterId: 0, limit: 100 });
    expect(overdue.map((row) => row.orderId)).toEqual([orderId]);
    const due = await owingInstalmentsDueOnQuery(db, [firstDue]);
    expect(due.map((row) => [row.orderId, row.number])).toEqual([[orderId, 1]]);
  }, 120_000);
});
