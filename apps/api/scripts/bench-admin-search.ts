/**
 * npm run bench:admin-search — the back office's exact search at volume.
 *
 * On a database of its own (DATABASE_URL's server: a database `bench_admin_search` created
 * and dropped by the script; without DATABASE_URL, a PGlite folder in a temporary
 * directory), migrated as the server migrates: 100,000 users (the mobile and step 1's personal
 * details sealed at rest with their blind indexes, as the server seals them; scripts/volume-seed.ts) and
 * 1,000,000 orders (ten per user, closed), then the console's
 * search use case (searchCustomers: the value's kind, the owner's look-up, the person's
 * registration and masked identity) run for random existing mobiles, ID numbers and order
 * numbers, and the audit row the route writes with it. HTTP and the session are left out
 * (bench:api measures those). Prints per kind the mean, p50, p95 and p99 in milliseconds,
 * and the plan of each owner's look-up query. Then the dashboard (showDashboard) over the
 * same orders, given three state changes and a payout each.
 *
 *   DATABASE_URL=postgresql://root@127.0.0.1:5432/test npm run bench:admin-search
 *   BENCH_USERS=20000 BENCH_ORDERS_PER_USER=10 npm run bench:admin-search   (smaller)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config/env.ts';
import { AtRestKeys, atRestKeysOf, bindAtRestKeys } from '../src/db/at-rest.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { idNumberIndex, phoneIndex } from '../src/db/sealed-tables.ts';
import { searchCustomers } from '../src/modules/admin/search-customers.ts';
import { showDashboard } from '../src/modules/admin/show-dashboard.ts';
import { recordAudit } from '../src/modules/admin/record-audit.ts';
import { mobileOf, nationalId, orderNoOf, seedOrderHistory, seedPeople } from './volume-seed.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ORDERS_PER_USER = Number(process.env.BENCH_ORDERS_PER_USER ?? 10);
const SAMPLES = 300;
const BENCH_DATABASE = 'bench_admin_search';

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; close: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-admin-'));
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dir, 'pglite') });
    return {
      handle,
      label: 'PGlite',
      close: async () => {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE}`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: undefined });
  const version = await admin.query<{ server_version: string }>('show server_version');
  return {
    handle,
    label: `PostgreSQL ${version.rows[0]?.server_version ?? ''}`,
    close: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${BENCH_DATABASE}`);
      await admin.end();
    },
  };
}

async function seed(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const started = Date.now();
  // People as the server seals them (the mobile and the ID number with their blind indexes), all registered now.
  const keys = new AtRestKeys(loadConfig().atRest);
  bindAtRestKeys(db, keys);
  await seedPeople(db, keys, { count: USERS, now: new Date(), registeredOverDays: 0 });
  await db.execute(
    sql`insert into loan_orders (user_id, order_no, state, principal, product_name) select (i % ${USERS}) + 1, 'L20260101' || lpad(i::text, 7, '0'), '已結清', 10000, 'bench' from generate_series(0, ${USERS * ORDERS_PER_USER - 1}) as i`,
  );
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${USERS.toLocaleString('en-US')} users with personal details and ${(USERS * ORDERS_PER_USER).toLocaleString('en-US')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  const mean = sorted.reduce((sum, t) => sum + t, 0) / sorted.length;
  return `mean ${mean.toFixed(2)} ms, p50 ${at(0.5).toFixed(2)}, p95 ${at(0.95).toFixed(2)}, p99 ${at(0.99).toFixed(2)}`;
}

async function measure(handle: DatabaseHandle, kind: string, valueOf: (n: number) => string): Promise<void> {
  const { db } = handle;
  const pick = () => Math.floor(Math.random() * (kind === 'orderNo' ? USERS * ORDERS_PER_USER : USERS));
  for (let k = 0; k < 30; k++) await searchCustomers({ db, query: valueOf(pick()) });
  const times: number[] = [];
  for (let k = 0; k < SAMPLES; k++) {
    const query = valueOf(pick());
    const start = process.hrtime.bigint();
    const result = await searchCustomers({ db, query });
    const [found] = result.items;
    await recordAudit({
      db,
      actor: { operatorId: null, operatorName: 'bench' },
      at: new Date(),
      action: 'customer.searched',
      target: found ? `user:${found.userId}` : '',
      after: { by: result.kind, found: result.items.length },
    });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.items.length !== 1) throw new Error(`${kind} ${query} found ${result.items.length}`);
  }
  console.log(`${kind.padEnd(8)} ${SAMPLES} searches: ${summary(times)}`);
}

/**
 * The dashboard over the same orders: each given a history (審核中, 已核准, 已結清 on one day
 * spread over the last year) and a completed payout; the whole dashboard timed.
 */
async function measureDashboard(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const started = Date.now();
  // Spread over the last year (the seeding above made them all now).
  await db.execute(
    sql`update loan_orders set created_at = now() - ((id % 365) || ' days')::interval, state_changed_at = now() - ((id % 365) || ' days')::interval + interval '1 day', disbursed_on = (now() - ((id % 365) || ' days')::interval)::date`,
  );
  await seedOrderHistory(db);
  await db.execute(sql`analyze`);
  console.log(
    `dashboard: ${(USERS * ORDERS_PER_USER * 3).toLocaleString('en-US')} state changes and ${(USERS * ORDERS_PER_USER).toLocaleString('en-US')} payouts seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await showDashboard({ db, now: new Date() });
  const times: number[] = [];
  for (let k = 0; k < 10; k++) {
    const start = process.hrtime.bigint();
    await showDashboard({ db, now: new Date() });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(`dashboard 10 loads: ${summary(times)}`);
}

async function plan(handle: DatabaseHandle, label: string, query: ReturnType<typeof sql>): Promise<void> {
  const result = (await handle.db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
  console.log(`  ${label}: ${result.rows.map((row) => Object.values(row)[0]?.trim()).join(' / ')}`);
}

const bench = await openBenchDatabase();
try {
  await migrateDatabase(bench.handle);
  await seed(bench.handle);
  console.log(`database: ${bench.label}; node ${process.version}; ${os.cpus().length} cores`);
  await measure(bench.handle, 'mobile', mobileOf);
  await measure(bench.handle, 'idNumber', nationalId);
  await measure(bench.handle, 'orderNo', orderNoOf);
  await measureDashboard(bench.handle);
  console.log('plans of the owners’ look-ups:');
  await plan(
    bench.handle,
    'users by phone_hash',
    sql`select id from users where phone_hash = ${phoneIndex(atRestKeysOf(bench.handle.db), mobileOf(4_242))}`,
  );
  await plan(
    bench.handle,
    'personal_details by id_number_hash',
    sql`select user_id from personal_details where id_number_hash = ${idNumberIndex(atRestKeysOf(bench.handle.db), nationalId(4_242))}`,
  );
  await plan(bench.handle, 'loan_orders by order_no', sql`select id, user_id from loan_orders where order_no = ${orderNoOf(424_242)}`);
} finally {
  await bench.close();
}
