import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { seedDatabase } from './seed.ts';

/**
 * The database as a first start leaves it, without a new process: every application table
 * emptied (ids counted from 1 again) and seeded again (seedDatabase; the caller runs the
 * modules' own start seeds, app.startSeeds), and the jobs still waiting dropped,
 * so that a job queued for an order of before cannot act on a new order with the same id.
 * Browser tests share one server per worker and call this (through the test hooks) before
 * each file. Kept: the operators' audit trail, which refuses any truncation (append-only,
 * migration 0010), and the tables it refers to.
 */
export async function emptyDatabase(db: Db): Promise<void> {
  const { rows } = (await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and c.relname <> 'audit_log'
      and c.oid not in (select confrelid from pg_constraint where conrelid = 'public.audit_log'::regclass and contype = 'f')
    order by 1`)) as unknown as { rows: Array<{ name: string }> };
  const names = rows.map((row) => sql.identifier(row.name));
  await db.transaction(async (tx) => {
    if (names.length > 0) await tx.execute(sql`truncate table ${sql.join(names, sql`, `)} restart identity cascade`);
    await tx.execute(sql`delete from pgboss.job where state in ('created', 'retry') and name not like '\_\_pgboss%'`);
  });
  await seedDatabase(db);
}
