/**
 * A lender's volume, seeded with set-based SQL (the benchmarks at volume share it:
 * bench:admin-search, bench:volume). People are sealed at rest as the repositories seal
 * them (a data key per row, the blind indexes), in batches of a few thousand rows.
 */
import { sql } from 'drizzle-orm';
import type { AtRestKeys } from '../src/db/at-rest.ts';
import type { Db } from '../src/db/client.ts';
import { personalDetails } from '../src/db/schema/onboarding.ts';
import { users } from '../src/db/schema/users.ts';
import { idNumberIndex, phoneIndex, rowScope } from '../src/db/sealed-tables.ts';

/** A valid national ID, unique per `n` (A, sex digit 1, seven digits of n, the check digit). */
export function nationalId(n: number): string {
  const digits = [1, ...String(n).padStart(7, '0').split('').map(Number)];
  const sum = 1 + digits.reduce((total, digit, i) => total + digit * (8 - i), 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}
/** The mobile of seeded person `n` (user id n + 1). */
export const mobileOf = (n: number) => `09${String(n).padStart(8, '0')}`;
export const orderNoOf = (n: number) => `L20260101${String(n).padStart(7, '0')}`;

/**
 * `count` people (user ids 1…count): the login mobile sealed with its blind index, where
 * they came from, step 1's personal details sealed with the ID number's blind index.
 * `registeredOverDays`: registration days spread over that many days before `now` (0: all now).
 */
export async function seedPeople(
  db: Db,
  keys: AtRestKeys,
  options: { count: number; now: Date; registeredOverDays: number },
): Promise<void> {
  const { count, now } = options;
  const batch = 2_000;
  for (let from = 0; from < count; from += batch) {
    const ns = Array.from({ length: Math.min(batch, count - from) }, (_, k) => from + k);
    const registered = (n: number) =>
      new Date(now.getTime() - (options.registeredOverDays === 0 ? 0 : (n * 7_919) % options.registeredOverDays) * 86_400_000);
    await db.insert(users).values(
      ns.map((n) => {
        const rowKey = keys.newRowKey(rowScope('users', n + 1));
        const phone = mobileOf(n);
        return {
          phone: rowKey.seal('phone', phone),
          phoneHash: phoneIndex(keys, phone),
          keyId: rowKey.keyId,
          dataKey: rowKey.dataKey,
          createdAt: registered(n),
        };
      }),
    );
    await db.insert(personalDetails).values(
      ns.map((n) => {
        const userId = n + 1;
        const rowKey = keys.newRowKey(rowScope('personal_details', userId));
        const idNumber = nationalId(n);
        return {
          userId,
          name: rowKey.seal('name', '王小明'),
          gender: 'male',
          birthDate: rowKey.seal('birth_date', '1988-11-20'),
          idNumber: rowKey.seal('id_number', idNumber),
          idNumberHash: idNumberIndex(keys, idNumber),
          maritalStatus: 'single',
          education: 'university',
          occupation: 'office',
          employer: rowKey.seal('employer', ''),
          monthlyIncome: 40_000,
          county: '臺北市',
          district: '中正區',
          address: rowKey.seal('address', '重慶南路一段 1 號'),
          email: rowKey.seal('email', ''),
          lineId: rowKey.seal('line_id', ''),
          keyId: rowKey.keyId,
          dataKey: rowKey.dataKey,
        };
      }),
    );
  }
  await db.execute(
    sql`insert into user_attributions (user_id, source_channel, created_at) select id, 'Organic', created_at from users where id <= ${count}`,
  );
}

/**
 * Each order's history as the state machine writes it: 審核中 and 已核准 (or 已拒絕) on its
 * creation day, then its state now when it moved on; a completed payout for every order
 * that was paid out.
 */
export async function seedOrderHistory(db: Db): Promise<void> {
  await db.execute(
    sql`insert into order_state_changes (order_id, to_state, cause, at) select id, '審核中', 'bench', created_at from loan_orders`,
  );
  await db.execute(
    sql`insert into order_state_changes (order_id, from_state, to_state, cause, at)
        select id, '審核中', case when state = '已拒絕' then '已拒絕' else '已核准' end, 'bench', created_at + interval '5 minutes' from loan_orders where state <> '審核中'`,
  );
  await db.execute(
    sql`insert into order_state_changes (order_id, from_state, to_state, cause, at)
        select id, '已核准', state, 'bench', state_changed_at from loan_orders where state not in ('審核中', '已拒絕', '已核准')`,
  );
  await db.execute(
    sql`insert into payouts (order_id, amount, provider, provider_transaction_id, state, created_at, sent_at, settled_at)
        select id, principal, 'bench', 'p' || id, 'completed', created_at + interval '10 minutes', created_at + interval '10 minutes', created_at + interval '11 minutes'
        from loan_orders where disbursed_on is not null`,
  );
}

/** The people's tables (seedPeople fills them). */
export const PEOPLE_TABLES = ['users', 'personal_details', 'user_attributions'] as const;
/** The orders' tables a volume seed fills (their secondary indexes are built after the load). */
export const ORDER_TABLES = [
  'loan_orders',
  'order_instalments',
  'order_state_changes',
  'payouts',
  'repayment_requests',
  'collection_notifications',
  'repayment_credits',
  'loan_journal_entries',
  'loan_journal_lines',
  'decision_outcomes',
] as const;

/**
 * Runs `load` (the set-based inserts of a volume seed) in one transaction the way a bulk
 * load is done: the secondary indexes of `tables` dropped first and built again after the
 * rows are in (one sorted build each instead of millions of index insertions; the same
 * definitions, read from the catalogue), foreign keys not checked row by row while loading
 * (`session_replication_role = replica`, superuser only: the seed's rows are consistent by
 * construction; without it the checks run), and no wait for the disk at commit. Primary
 * keys and constraints stay. Ends with `vacuum analyze` of the tables. Answers seconds spent building indexes.
 */
export async function bulkLoad(db: Db, tables: readonly string[], load: (tx: Db) => Promise<void>): Promise<number> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  let indexSeconds = 0;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [role] = rowsOf<{ superuser: boolean }>(
      await tx.execute(sql`select rolsuper as superuser from pg_roles where rolname = current_user`),
    );
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    const indexes = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`
        select i.relname as name, pg_get_indexdef(i.oid) as definition
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and t.relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c where c.conindid = i.oid and c.conrelid = t.oid)
        order by i.relname`),
    );
    for (const index of indexes) await tx.execute(sql.raw(`drop index public.${index.name}`));
    await load(tx);
    const started = Date.now();
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    indexSeconds = (Date.now() - started) / 1000;
  });
  // As autovacuum leaves a table that has long held its rows: statistics, and the visibility
  // map that lets a covering index answer without the table.
  await db.execute(sql.raw(`vacuum analyze ${tables.join(', ')}`));
  return indexSeconds;
}
