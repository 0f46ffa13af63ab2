/**
 * npm run bench:volume — the scheduled jobs, the operators' queries and the borrower
 * endpoints at a lender's volume, beside an empty database.
 *
 * Two databases, one after the other, each migrated and seeded as the server does, with the
 * real app in process (NODE_ENV test: the daily chain is not started, the jobs are run here
 * with their clock): `empty` holds only the bench borrower; `seeded` holds the same borrower
 * plus BENCH_USERS (100,000) people, sealed at rest (scripts/volume-seed.ts, shared with
 * bench:admin-search) and BENCH_ORDERS_PER_USER (10) orders each, set-based SQL:
 *   - most closed (已結清; every 17th 已拒絕), spread over the last year, each with three
 *     settled instalments, its state history, a completed payout, a paid request, its
 *     gateway notification and its credit, and its journal (the payout, the payment; one in
 *     2,000 with credit kept);
 *   - the latest order of 3% of the people repaying (待還款, paid out in the last 27 days,
 *     nothing due yet), of 0.5% overdue (paid out 40-70 days ago, the first instalment
 *     unpaid), of 0.05% awaiting a reviewer (審核中, a rule in manual review); these through
 *     the real posting (postLoanEvent: the payout in the journal), so the jobs replay them;
 *   - decision outcomes for every decided order, 5% of them through a reviewer.
 * Timed (ms, each BENCH_RUNS times, median and max): the overdue run (yesterday's catch-up
 * untimed, then today's first run, which writes a day of overdue interest on every overdue
 * order, and a repeat run), the reminder run (first: sends; repeat: nothing left to send),
 * the operators' queries (dashboard, review queue, payments lists, reconciliation, payouts,
 * search), and each borrower endpoint over HTTP (BENCH_REQUESTS sequential requests: p50, p95).
 *
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run bench:volume
 *     (databases bench_volume_empty and bench_volume on that server, created and dropped)
 *   npm run bench:volume                       (two PGlite folders in a temporary directory)
 *   BENCH_USERS=10000 npm run bench:volume     (smaller)
 *   BENCH_PLANS=1 prints the plans of the jobs' and the dashboard's queries on the seeded database.
 *   BENCH_DATABASE=bench_volume_h names the databases (`<name>`, `<name>_empty`; default bench_volume).
 *   BENCH_SEED_ONLY=1 seeds the volume database, keeps it (on a server) and stops (to read plans with psql).
 *   BENCH_REUSE=1 (on a server, after BENCH_SEED_ONLY=1) measures a copy of that kept database
 *     (`<name>_run`, created from it as a template: a minute, not the seed's five) with the tree's
 *     migrations applied on top, so code and indexes can be compared on the same rows; the kept
 *     database is left as it was (the jobs change only the copy).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createNodeCipher } from '@app/contract/cipher-node.ts';
import { ENDPOINTS, type Endpoint } from '@app/contract/endpoints.ts';
import { CLIENT_VERSION, COUNTRY_CODE, DEFAULT_SOURCE_CHANNEL, HEADER } from '@app/contract/headers.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { AtRestKeys, bindAtRestKeys } from '../src/db/at-rest.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loanOrders } from '../src/db/schema/orders.ts';
import { orderInstalments } from '../src/db/schema/repayments.ts';
import { seedDatabase } from '../src/db/seed.ts';
import { APR_CAP_PERCENT } from '../src/domain/lending-limits.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT } from '../src/domain/loan-default-products.ts';
import { priceLoan } from '../src/domain/loan-quote.ts';
import { addDays, taipeiCalendarDate, type CalendarDate } from '../src/domain/loan-schedule/calendar-date.ts';
import { money } from '../src/domain/money.ts';
import { loadBankDirectory } from '../src/modules/bank-accounts/bank-directory.ts';
import { listPayoutsForFinance } from '../src/modules/admin/list-payouts.ts';
import { listReviews } from '../src/modules/admin/list-reviews.ts';
import { searchCustomers } from '../src/modules/admin/search-customers.ts';
import { showDashboard } from '../src/modules/admin/show-dashboard.ts';
import { instantsOf, daysFrom } from '../src/modules/admin/taipei-days.ts';
import { runOverdue } from '../src/modules/repayments/daily-repayment-jobs.ts';
import { listCreditLeft, listForReview } from '../src/modules/repayments/list-for-review.ts';
import { postLoanEvent } from '../src/modules/repayments/post-loan-event.ts';
import { reconcileCollections } from '../src/modules/repayments/reconcile-collections.ts';
import { orderIdsPastDueQuery, owingInstalmentsDueOnQuery } from '../src/modules/repayments/repayments-repository.ts';
import { sendDueReminders } from '../src/modules/repayments/send-due-reminders.ts';
import type { SmsProvider } from '../src/plugins/sms.ts';
import { bulkLoad, mobileOf, nationalId, orderNoOf, ORDER_TABLES, PEOPLE_TABLES, seedOrderHistory, seedPeople } from './volume-seed.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ORDERS_PER_USER = Number(process.env.BENCH_ORDERS_PER_USER ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** The databases' name on a server: `<name>` (seeded) and `<name>_empty`. */
const DATABASE_NAME = process.env.BENCH_DATABASE ?? 'bench_volume';
/** Seed the volume database, keep it and stop (to read plans by hand): BENCH_SEED_ONLY=1. */
const SEED_ONLY = Boolean(process.env.BENCH_SEED_ONLY);
/** Measure a copy of the database kept by BENCH_SEED_ONLY instead of seeding: BENCH_REUSE=1. */
const REUSE = Boolean(process.env.BENCH_REUSE);
if (REUSE && !process.env.DATABASE_URL) throw new Error('BENCH_REUSE needs DATABASE_URL (only a server keeps a seeded database)');
const JOB_TARGET_MS = 200;
const ENDPOINT_TARGET_RATIO = 1.5;

const terms = DEFAULT_EQUAL_INSTALMENT_PRODUCT;
/** The bench's "now": today 09:00 Taipei (reminder hours). */
const now = new Date();
now.setUTCHours(1, 0, 0, 0);
const today = taipeiCalendarDate(now);
/** The overdue run's own hour, 00:05 Taipei today. */
const overdueNow = new Date(`${today}T00:05:00+08:00`);

interface Bench {
  handle: DatabaseHandle;
  label: string;
  close: () => Promise<void>;
  dataDir: string;
  databaseUrl: string;
}

async function openBench(name: string, options: { keep?: boolean; template?: string } = {}): Promise<Bench> {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') });
    return {
      handle,
      label: 'PGlite',
      dataDir,
      databaseUrl: '',
      close: async () => {
        await handle.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: undefined });
  const version = await admin.query<{ server_version: string }>('show server_version');
  return {
    handle,
    label: `PostgreSQL ${version.rows[0]?.server_version ?? ''}`,
    dataDir,
    databaseUrl: url.toString(),
    close: async () => {
      await handle.close();
      if (!options.keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Quotes per payout day (one per day, reused by every order paid out that day). */
const quotes = new Map<string, ReturnType<typeof priceLoan>['quote']>();
function quoteOn(day: CalendarDate) {
  const known = quotes.get(day);
  if (known) return known;
  const { quote } = priceLoan(terms, money(10_000), 3, day);
  quotes.set(day, quote);
  return quote;
}

/** An order as the application writes it (its terms and quote copied), in `state`. */
async function insertOrder(
  db: Db,
  options: { userId: number; orderNo: string; state: '待還款' | '審核中'; day: CalendarDate; disbursed: boolean },
): Promise<number> {
  const quote = quoteOn(options.day);
  const at = new Date(`${options.day}T02:00:00Z`);
  const [order] = await db
    .insert(loanOrders)
    .values({
      userId: options.userId,
      orderNo: options.orderNo,
      state: options.state,
      principal: 10_000,
      term: 3,
      terms,
      productName: 'bench',
      disbursedOn: options.disbursed ? options.day : null,
      createdAt: at,
      stateChangedAt: at,
      quote: {
        ...quote,
        productId: '1',
        productName: 'bench',
        method: terms.method,
        term: 3,
        termUnit: 'month',
        annualRatePercent: terms.annualRatePercent,
        aprPercent: quote.apr,
        aprCapPercent: APR_CAP_PERCENT,
        aprFootnote: '',
      },
    })
    .returning({ id: loanOrders.id });
  return order!.id;
}

/** An order paid out on `disbursedOn`, repaying, with its schedule and its payout posted (as payments does it). */
async function repayingOrder(db: Db, userId: number, orderNo: string, disbursedOn: CalendarDate): Promise<number> {
  const orderId = await insertOrder(db, { userId, orderNo, state: '待還款', day: disbursedOn, disbursed: true });
  const at = new Date(`${disbursedOn}T02:00:00Z`);
  await db.insert(orderInstalments).values(
    quoteOn(disbursedOn).instalments.map((row) => ({
      orderId,
      number: row.number,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
      fee: row.fee,
    })),
  );
  await db.transaction((tx) =>
    postLoanEvent({
      db: tx,
      orderId,
      event: { kind: 'payout', source: `payout:${orderId}`, amount: 10_000, valueDate: disbursedOn, paidOn: disbursedOn },
      at,
      today: disbursedOn,
      cause: 'bench',
    }),
  );
  return orderId;
}

/** The lender's book: see the header. */
async function seedVolume(db: Db, keys: AtRestKeys): Promise<void> {
  const started = Date.now();
  const step = (what: string) => console.log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const total = USERS * ORDERS_PER_USER;
  // Which of the latest orders stay open: by the person's number.
  const repaying = (u: number) => u % 1000 >= 5 && u % 1000 < 35;
  const overdue = (u: number) => u % 1000 < 5;
  const reviewing = (u: number) => u % 2000 === 35;
  const lastRound = (ORDERS_PER_USER - 1) * USERS;
  // The people and the closed book, each in one bulk load (volume-seed.ts: indexes built after
  // the rows are in), side by side: the people's sealing is the process's work, the orders the server's.
  const [peopleIndexes, orderIndexes] = await Promise.all([
    bulkLoad(db, PEOPLE_TABLES, async (tx) => {
      await seedPeople(tx, keys, { count: USERS, now, registeredOverDays: 730 });
      step(`${USERS.toLocaleString('en-US')} people sealed`);
    }),
    bulkLoad(db, ORDER_TABLES, (tx) => seedClosedBook(tx, { total, lastRound, step })),
  ]);
  step(`indexes built (people ${peopleIndexes.toFixed(1)} s, orders ${orderIndexes.toFixed(1)} s) and analyzed`);

  // The open orders, through the real posting so the jobs replay them.
  let open = 0;
  for (let u = 0; u < USERS; u++) {
    if (!repaying(u) && !overdue(u) && !reviewing(u)) continue;
    const n = lastRound + u;
    if (reviewing(u)) {
      const orderId = await insertOrder(db, {
        userId: u + 1,
        orderNo: orderNoOf(n),
        state: '審核中',
        day: addDays(today, -(u % 3)),
        disbursed: false,
      });
      await db.execute(
        sql`insert into decision_outcomes (order_id, rule, outcome, decided_at) values (${orderId}, 'faceCheck', 'manualReview', ${now}), (${orderId}, 'creditLimit', 'passed', ${now})`,
      );
    } else {
      const disbursedOn = addDays(today, overdue(u) ? -(31 + (u % 40)) : -(1 + (u % 29)));
      await repayingOrder(db, u + 1, orderNoOf(n), disbursedOn);
    }
    open += 1;
  }
  step(`${open.toLocaleString('en-US')} open orders posted`);
  await db.execute(sql`analyze`);
  step('analyze');
}

/**
 * The closed orders with all they leave behind, set-based (`total` orders less the open
 * ones of the last round, which seedVolume posts after).
 */
async function seedClosedBook(db: Db, options: { total: number; lastRound: number; step: (what: string) => void }): Promise<void> {
  const { total, lastRound, step } = options;
  // Every order carries its terms and quote as applied for (one year-old quote for all the closed ones: nothing replays them).
  const template = await insertOrder(db, {
    userId: 1,
    orderNo: 'L20250101000000',
    state: '審核中',
    day: addDays(today, -365),
    disbursed: false,
  });
  const { rows } = (await db.execute(
    sql`select terms::text as terms, quote::text as quote from loan_orders where id = ${template}`,
  )) as unknown as { rows: Array<{ terms: string; quote: string }> };
  const copied = rows[0];
  await db.execute(sql`delete from loan_orders where id = ${template}`);
  await db.execute(sql`
    insert into loan_orders (user_id, order_no, state, principal, term, product_name, terms, quote, disbursed_on, created_at, state_changed_at)
    select (i % ${USERS}) + 1, 'L20260101' || lpad(i::text, 7, '0'),
      case when i % 17 = 0 then '已拒絕' else '已結清' end, 10000, 3, 'bench', ${copied!.terms}::jsonb, ${copied!.quote}::jsonb,
      case when i % 17 = 0 then null else (${now}::timestamptz - ((i::bigint * 7919 % 365) + 1) * interval '1 day')::date end,
      ${now}::timestamptz - ((i::bigint * 7919 % 365) + 1) * interval '1 day',
      -- a closed order's last change cannot be in the future
      least(${now}::timestamptz - ((i::bigint * 7919 % 365) + 1) * interval '1 day' + interval '60 days', ${now}::timestamptz)
    from generate_series(0, ${total - 1}) as i
    where i < ${lastRound} or not ((i % ${USERS}) % 1000 < 35 or (i % ${USERS}) % 2000 = 35)`);
  step(`${total.toLocaleString('en-US')} orders (closed part)`);
  await db.execute(sql`
    insert into order_instalments (order_id, number, due_date, principal, interest, fee, paid_principal, paid_interest, paid_fee, settled_at)
    select o.id, k, o.disbursed_on + k * 30, 3334, 100, 0, 3334, 100, 0, o.created_at + k * interval '30 days'
    from loan_orders o cross join generate_series(1, 3) as k where o.state = '已結清'`);
  step('closed instalments (settled)');
  await seedOrderHistory(db);
  step('state history and payouts');
  await db.execute(sql`
    insert into repayment_requests (order_id, user_id, kind, channel, amount, state, gateway, quoted_on, paid_at, created_at)
    select id, user_id, 'payoff', 'atm', 10300, 'paid', 'bench', disbursed_on + 60, state_changed_at, state_changed_at - interval '1 hour'
    from loan_orders where state = '已結清'`);
  await db.execute(sql`
    insert into collection_notifications (gateway, transaction_id, request_id, amount, outcome, result_code, received_at)
    select 'bench', 't' || id, id, amount, 'credited', '1', paid_at from repayment_requests`);
  await db.execute(sql`
    insert into repayment_credits (order_id, request_id, source, amount, allocated, credit_kept, credited_at)
    select order_id, id, 'bench:t' || id, amount, amount, 0, paid_at from repayment_requests`);
  step('paid requests, notifications and credits');
  // The journal of every paid-out order: the payout, and for the closed ones the payment with
  // its interest (one order in 2,000 paid 100 more: credit kept, not yet refunded).
  await db.execute(sql`
    insert into loan_journal_entries (order_id, kind, source, amount, value_date, paid_on, posted_on, at)
    select id, 'payout', 'payout:' || id, principal, disbursed_on, disbursed_on, disbursed_on, created_at from loan_orders where state = '已結清'`);
  await db.execute(sql`
    insert into loan_journal_entries (order_id, kind, source, amount, value_date, paid_on, posted_on, at)
    select order_id, 'payment', source, amount + case when order_id % 2000 = 0 then 100 else 0 end, credited_at::date, credited_at::date, credited_at::date, credited_at
    from repayment_credits`);
  await db.execute(sql`
    insert into loan_journal_lines (entry_id, order_id, account, amount)
    select e.id, e.order_id, l.account, l.amount from loan_journal_entries e
    cross join lateral (values ('principal', e.amount), ('cash', -e.amount)) as l(account, amount) where e.kind = 'payout'`);
  await db.execute(sql`
    insert into loan_journal_lines (entry_id, order_id, account, amount)
    select e.id, e.order_id, l.account, l.amount from loan_journal_entries e
    cross join lateral (values ('interest', 300), ('interestIncome', -300), ('cash', e.amount), ('principal', -10000), ('interest', -300), ('credit', 10300 - e.amount)) as l(account, amount)
    where e.kind = 'payment' and (l.account <> 'credit' or l.amount <> 0)`);
  step('journal (entries and lines)');
  await db.execute(sql`
    insert into decision_outcomes (order_id, rule, outcome, decided_at)
    select id, 'creditLimit', case when state = '已拒絕' then 'refused' else 'passed' end, created_at from loan_orders`);
  await db.execute(sql`
    insert into decision_outcomes (order_id, rule, outcome, decided_at)
    select id, r.rule, r.outcome, created_at from loan_orders cross join (values ('faceCheck', 'manualReview'), ('staffReview', 'passed')) as r(rule, outcome)
    where id % 20 = 0`);
  step('decision outcomes');
}

interface Borrower {
  headers: Record<string, string>;
  orderId: number;
}

/**
 * The bench borrower, through the real login and step 1, with nine closed orders and one
 * repaying; on a reused database (`existing`) only logged in again, the orders being there.
 */
async function benchBorrower(base: string, config: Config, db: Db, existing = false): Promise<Borrower> {
  const cipher = createNodeCipher(config.cipherKey);
  const call = async (endpoint: Endpoint, payload: unknown, headers: Record<string, string> = {}) => {
    const request = encodeRequest(endpoint, payload, cipher, base, headers);
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
    const envelope = decodeEnvelope(await response.text(), cipher);
    if (envelope.status !== 200) throw new Error(`${endpoint.path} answered ${envelope.status} ${envelope.message}`);
    return envelope.body;
  };
  const mobile = mobileOf(USERS + 7);
  await call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' });
  const outbox = (await (await fetch(`${base}/__test__/sms-outbox?mobile=${mobile}`)).json()) as Array<{ code: string | null }>;
  const session = (await call(ENDPOINTS.login, { mobile, code: outbox[0]?.code })) as { token: string; userId: unknown; uuId: unknown };
  const headers = {
    [HEADER.version]: CLIENT_VERSION,
    [HEADER.sourceChannel]: DEFAULT_SOURCE_CHANNEL,
    [HEADER.packageName]: config.packageName,
    [HEADER.countryCode]: COUNTRY_CODE,
    [HEADER.token]: session.token,
    [HEADER.userId]: String(session.userId),
    [HEADER.uuId]: String(session.uuId),
  };
  if (existing) {
    const { rows } = (await db.execute(sql`select id from loan_orders where order_no = 'L20250101999999'`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    if (!rows[0]) throw new Error('the reused database has no bench borrower: seed it with BENCH_SEED_ONLY=1 first');
    return { headers, orderId: Number(rows[0].id) };
  }
  await call(
    ENDPOINTS.userAuthSupplementUserInfo,
    {
      name: '陳志明',
      gender: 'male',
      birthDate: '1988-11-20',
      idNumber: nationalId(USERS + 7),
      maritalStatus: 'married',
      education: 'senior_high',
      occupation: 'self_employed',
      employer: '志明商行',
      monthlyIncome: 38000,
      county: '高雄市',
      district: '苓雅區',
      address: '四維三路 2 號',
      email: 'chen@example.tw',
      lineId: 'chen88',
    },
    headers,
  );
  const userId = Number(session.userId);
  for (let k = 0; k < 9; k++) {
    const orderId = await repayingOrder(db, userId, `L20250101${String(900_000 + k)}`, addDays(today, -(400 - k * 30)));
    await db
      .update(loanOrders)
      .set({ state: '已結清' })
      .where(sql`id = ${orderId}`);
    await db
      .update(orderInstalments)
      .set({ settledAt: now })
      .where(sql`order_id = ${orderId}`);
  }
  const orderId = await repayingOrder(db, userId, 'L20250101999999', addDays(today, -10));
  return { headers, orderId };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

interface Figures {
  jobs: Map<string, { median: number; max: number; detail: string }>;
  queries: Map<string, { median: number; max: number }>;
  endpoints: Map<string, { p50: number; p95: number }>;
}

const silentSms: SmsProvider = { name: 'bench', send: async () => undefined };

interface Side {
  kind: 'empty' | 'seeded';
  db: Db;
  handle: DatabaseHandle;
  config: Config;
  base: string;
  borrower: Borrower;
  figures: Figures;
  close: () => Promise<void>;
}

/** One database migrated, seeded (the volume for `seeded`), the app listening, the bench borrower logged in. */
async function prepare(kind: 'empty' | 'seeded'): Promise<Side> {
  const reuse = REUSE && kind === 'seeded';
  const bench = await openBench(
    kind === 'empty' ? `${DATABASE_NAME}_empty` : reuse ? `${DATABASE_NAME}_run` : DATABASE_NAME,
    reuse ? { template: DATABASE_NAME } : { keep: SEED_ONLY },
  );
  try {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: bench.dataDir,
      DATABASE_URL: bench.databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      TEST_HOOKS: 'true',
    });
    const { handle } = bench;
    const db = handle.db;
    await migrateDatabase(handle);
    await seedDatabase(db);
    const keys = new AtRestKeys(config.atRest);
    bindAtRestKeys(db, keys);
    console.log(`${kind} (${bench.label})${reuse ? `: a copy of ${DATABASE_NAME}` : ''}:`);
    if (kind === 'seeded' && !reuse) await seedVolume(db, keys);
    // A reused copy may just have built a migration's indexes: their writes flushed now, not during the timings.
    if (reuse) await db.execute(sql`checkpoint`);
    const app = await buildApp(config, { database: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const borrower = await benchBorrower(base, config, db, reuse);
    await db.execute(sql`analyze`);
    return {
      kind,
      db,
      handle,
      config,
      base,
      borrower,
      figures: { jobs: new Map(), queries: new Map(), endpoints: new Map() },
      close: async () => {
        await app.close();
        await bench.close();
      },
    };
  } catch (error) {
    await bench.close();
    throw error;
  }
}

/** The jobs, one database after the other (each run changes its database). */
async function measureJobs(side: Side): Promise<void> {
  const { db, figures } = side;
  // Overdue: yesterday's run as the catch-up (untimed), then today's.
  const yesterday = new Date(overdueNow.getTime() - 86_400_000);
  const caughtUp = await runOverdue({ db, now: yesterday });
  let changed = 0;
  const first = await timed(async () => {
    changed = await runOverdue({ db, now: overdueNow });
  });
  figures.jobs.set("overdue run, the day's first (writes a day of overdue interest)", {
    median: first,
    max: first,
    detail: `${changed} orders changed (catch-up of yesterday: ${caughtUp})`,
  });
  const repeats = [];
  for (let k = 0; k < RUNS; k++) repeats.push(await timed(() => runOverdue({ db, now: overdueNow })));
  figures.jobs.set('overdue run, repeated the same day', { median: median(repeats), max: Math.max(...repeats), detail: `${RUNS} runs` });
  let sent = 0;
  const remindFirst = await timed(async () => {
    sent = (await sendDueReminders({ db, sms: silentSms, now })).sent;
  });
  figures.jobs.set("reminder run, the day's first (sends)", { median: remindFirst, max: remindFirst, detail: `${sent} reminders sent` });
  const remindRepeats = [];
  for (let k = 0; k < RUNS; k++) remindRepeats.push(await timed(() => sendDueReminders({ db, sms: silentSms, now })));
  figures.jobs.set('reminder run, repeated (nothing left to send)', {
    median: median(remindRepeats),
    max: Math.max(...remindRepeats),
    detail: `${RUNS} runs`,
  });
}

/** The operators' queries, the two databases alternately. */
async function measureQueries(sides: Side[]): Promise<void> {
  const directory = await loadBankDirectory();
  const from = addDays(today, -29);
  const queries: Array<[string, (side: Side) => Promise<unknown>]> = [
    ['dashboard (showDashboard)', ({ db }) => showDashboard({ db, now })],
    ['review queue (listReviews)', ({ db, config }) => listReviews({ db, secondApprovalAbove: config.admin.secondApprovalAbove })],
    ['transfers to confirm (listForReview transfers)', ({ db }) => listForReview({ db, what: 'transfers' })],
    ['held payments (listForReview held)', ({ db }) => listForReview({ db, what: 'held' })],
    ['credit left (listCreditLeft)', ({ db }) => listCreditLeft({ db })],
    [
      'payouts, first page (listPayoutsForFinance)',
      ({ db, config }) => listPayoutsForFinance({ db, directory, policy: config.payouts, page: 1 }),
    ],
    [
      'reconciliation, 30 days (reconcileCollections)',
      ({ db }) => reconcileCollections({ db, ...instantsOf(from, today), days: daysFrom(from, today) }),
    ],
    ['search by mobile (searchCustomers)', ({ db }) => searchCustomers({ db, query: mobileOf(USERS + 7) })],
  ];
  for (const [title, work] of queries) {
    const times = new Map(sides.map((side) => [side, [] as number[]]));
    for (const side of sides) await work(side);
    for (let k = 0; k < RUNS; k++) for (const side of sides) times.get(side)!.push(await timed(() => work(side)));
    for (const side of sides) side.figures.queries.set(title, { median: median(times.get(side)!), max: Math.max(...times.get(side)!) });
  }
}

/** The borrower endpoints over HTTP with the session: rounds alternating between the two databases. */
async function measureEndpoints(sides: Side[]): Promise<void> {
  const endpoints: Array<[string, Endpoint, (borrower: Borrower) => unknown]> = [
    ['queryCashUser', ENDPOINTS.queryCashUser, () => ({})],
    ['userAuth/queryUserDetail', ENDPOINTS.userAuthQueryUserDetail, () => ({})],
    ['bindCard/list', ENDPOINTS.bindCardList, () => ({})],
    ['loan/check', ENDPOINTS.loanCheck, () => ({})],
    ['loan/common/index', ENDPOINTS.loanCommonIndex, () => ({})],
    ['loan/common/getPop', ENDPOINTS.loanCommonGetPop, () => ({})],
    ['loan/common/banner', ENDPOINTS.loanCommonBanner, () => ({})],
    ['loan/common/notice', ENDPOINTS.loanCommonNotice, () => ({})],
    ['order/record', ENDPOINTS.loanOrderRecord, () => ({})],
    ['order/detail', ENDPOINTS.loanOrderDetail, (borrower) => ({ orderId: String(borrower.orderId) })],
    ['repay/channel', ENDPOINTS.repayChannel, (borrower) => ({ orderId: String(borrower.orderId) })],
    ['userDataList', ENDPOINTS.userDataList, () => ({})],
  ];
  const ROUNDS = 4;
  for (const [title, endpoint, payloadOf] of endpoints) {
    const times = new Map(sides.map((side) => [side, [] as number[]]));
    const once = async (side: Side) => {
      const cipher = createNodeCipher(side.config.cipherKey);
      const request = encodeRequest(endpoint, payloadOf(side.borrower), cipher, side.base, side.borrower.headers);
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
      const envelope = decodeEnvelope(await response.text(), cipher);
      if (envelope.status !== 200) throw new Error(`${title} answered ${envelope.status} ${envelope.message}`);
    };
    for (const side of sides) for (let k = 0; k < 20; k++) await once(side);
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        for (let k = 0; k < REQUESTS / ROUNDS; k++) times.get(side)!.push(await timed(() => once(side)));
      }
    }
    for (const side of sides)
      side.figures.endpoints.set(title, { p50: quantile(times.get(side)!, 0.5), p95: quantile(times.get(side)!, 0.95) });
  }
}

async function printPlans(side: Side): Promise<void> {
  const { handle, db } = side;
  const plan = async (label: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = query.toSQL();
    const rows = handle.pool
      ? (await handle.pool.query(`explain analyze ${text}`, params)).rows
      : (await handle.pglite!.query(`explain analyze ${text}`, params)).rows;
    console.log(`plan of ${label}:\n${(rows as Array<Record<string, string>>).map((row) => `  ${Object.values(row)[0]}`).join('\n')}`);
  };
  await plan("the overdue run's batch query", orderIdsPastDueQuery(db, { today, afterId: 0, limit: 100 }));
  await plan("the reminders' query", owingInstalmentsDueOnQuery(db, [addDays(today, 3), addDays(today, 1), addDays(today, -1)]));
}

const started = Date.now();
if (SEED_ONLY) {
  const side = await prepare('seeded');
  await side.close();
  const kept = process.env.DATABASE_URL ? `kept: database ${DATABASE_NAME}` : 'PGlite: nothing kept (give DATABASE_URL to keep it)';
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; ${kept}`);
  process.exit(0);
}
const empty = await prepare('empty');
const seededSide = await prepare('seeded');
try {
  await measureJobs(empty);
  await measureJobs(seededSide);
  await measureQueries([empty, seededSide]);
  await measureEndpoints([empty, seededSide]);
  if (process.env.BENCH_PLANS) await printPlans(seededSide);
} finally {
  await empty.close();
  await seededSide.close();
}
const seeded = seededSide.figures;
const load = os
  .loadavg()
  .map((value) => value.toFixed(1))
  .join(', ');

console.log(
  `\n${USERS.toLocaleString('en-US')} people, ${(USERS * ORDERS_PER_USER).toLocaleString('en-US')} orders; node ${process.version}; ${os.cpus().length} cores; load average ${load}; ${((Date.now() - started) / 1000).toFixed(0)} s in all\n`,
);
console.log('| job (one run) | empty: median (max) ms | seeded: median (max) ms | seeded run | ≤ 200 ms |');
console.log('|---|---:|---:|---|---|');
for (const [title, figure] of seeded.jobs) {
  const before = empty.figures.jobs.get(title);
  console.log(
    `| ${title} | ${before?.median.toFixed(1)} (${before?.max.toFixed(1)}) | ${figure.median.toFixed(1)} (${figure.max.toFixed(1)}) | ${figure.detail} | ${figure.max <= JOB_TARGET_MS ? 'yes' : 'NO'} |`,
  );
}
console.log('\n| operator query | empty: median (max) ms | seeded: median (max) ms |');
console.log('|---|---:|---:|');
for (const [title, figure] of seeded.queries) {
  const before = empty.figures.queries.get(title);
  console.log(
    `| ${title} | ${before?.median.toFixed(1)} (${before?.max.toFixed(1)}) | ${figure.median.toFixed(1)} (${figure.max.toFixed(1)}) |`,
  );
}
console.log(`\n| borrower endpoint (${REQUESTS} sequential) | empty: p50 / p95 ms | seeded: p50 / p95 ms | p50 ratio | ≤ 1.5x |`);
console.log('|---|---:|---:|---:|---|');
for (const [title, figure] of seeded.endpoints) {
  const before = empty.figures.endpoints.get(title);
  const ratio = before ? figure.p50 / before.p50 : Number.NaN;
  console.log(
    `| ${title} | ${before?.p50.toFixed(1)} / ${before?.p95.toFixed(1)} | ${figure.p50.toFixed(1)} / ${figure.p95.toFixed(1)} | ${ratio.toFixed(2)}x | ${ratio <= ENDPOINT_TARGET_RATIO ? 'yes' : 'NO'} |`,
  );
}
