import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../db/migrate.ts';
import { seedDatabase } from '../db/seed.ts';
import { API_TEST_DATABASE_PREFIX } from './test-database-names.ts';

/**
 * One database per test file: a file sees only its own rows. Each is the one an earlier
 * file of the same worker ended with, emptied (decision 0191), else a new one: with
 * DATABASE_URL (read through env.ts) a PostgreSQL database of its own, made and migrated
 * (the run drops them at its end, api-test-run.ts), so files run in parallel and every run
 * starts clean; without it, a migrated PGlite loaded from a snapshot (a tar of its data
 * folder): a fresh in-memory PGlite costs seconds and hundreds of MB (initdb), a snapshot
 * about half a second.
 */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL database's own URL (undefined on PGlite). */
  databaseUrl?: string;
  /** The file is done with it (kept for the worker's next file and emptied then, decision 0191). */
  dispose(): Promise<void>;
  /** The database goes away under whoever uses it: closed for good, or dropped (a test of an app without one). */
  lose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Sees the SQL of every query (to count round trips). */
  onQuery?: (sql: string) => void;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const databaseUrl = loadConfig().databaseUrl;
  return databaseUrl ? openPostgresTestDatabase(databaseUrl, options) : openPgliteTestDatabase(options);
}

/**
 * What a worker keeps of its ended files' databases for its next files (vitest runs a
 * worker's files one after another in one process, `isolate: false`; decision 0191): the
 * next file's database is one of them emptied (resetForNextFile), not a new one. Two at
 * most; more are let go (a file opening several at once is rare).
 */
class EndedDatabases<T> {
  private readonly kept: T[] = [];

  take(): T | undefined {
    return this.kept.pop();
  }

  async handBack(database: T, letGo: () => Promise<void>): Promise<void> {
    if (this.kept.length < 2) this.kept.push(database);
    else await letGo();
  }
}

/** A database opened for a file: an ended one emptied, a new one migrated; seeded either way. */
async function readyForFile(handle: DatabaseHandle, reused: boolean): Promise<void> {
  if (reused) await resetForNextFile(handle);
  else await migrateDatabase(handle);
  await seedDatabase(handle.db);
}

/** `dispose` and `lose` of a file's database, each once; neither after the other. */
function endings(handBack: () => Promise<void>, letGo: () => Promise<void>): Pick<TestDatabase, 'dispose' | 'lose'> {
  let ended = false;
  const once = (end: () => Promise<void>) => async () => {
    if (ended) return;
    ended = true;
    await end();
  };
  return { dispose: once(handBack), lose: once(letGo) };
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Names of this worker's ended files' databases on the PostgreSQL server. */
const endedPostgres = new EndedDatabases<string>();

async function openPostgresTestDatabase(adminUrl: string, options: TestDatabaseOptions): Promise<TestDatabase> {
  const reused = endedPostgres.take();
  const name = reused ?? `${API_TEST_DATABASE_PREFIX}${inject('apiTestRun')}_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!reused) await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Large enough for the 20-request idempotency race to queue on the lock, not the pool.
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: undefined, poolSize: 25, ...options });
  await readyForFile(handle, reused !== undefined);
  const drop = () => onServer(adminUrl, `drop database if exists ${name} with (force)`);
  return {
    handle,
    databaseUrl: url.toString(),
    ...endings(
      async () => {
        await handle.close();
        await endedPostgres.handBack(name, drop);
      },
      async () => {
        await handle.close();
        await drop();
      },
    ),
  };
}

/** Changes whenever a migration changes, so a stale snapshot is never loaded. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/**
 * This worker's ended files' PGlites. A load from the snapshot costs 0.6-0.75 CPU-s and
 * pg-boss's schema 0.2 more; emptying one about 0.1-0.2 (docs/benchmarks.md, Test suite).
 */
const endedPglites = new EndedDatabases<PGlite>();

async function openPgliteTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const reused = endedPglites.take();
  const pglite = reused ?? (await loadedSnapshot());
  const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined, pglite, ...options });
  await readyForFile(opened, reused !== undefined);
  return {
    // The app closes its database handle when it stops; the PGlite itself is kept for the next file.
    handle: { ...opened, close: async () => {} },
    ...endings(
      async () => {
        if (!pglite.closed) await endedPglites.handBack(pglite, () => pglite.close());
      },
      async () => {
        if (!pglite.closed) await pglite.close();
      },
    ),
  };
}

/** A migrated PGlite from the snapshot (a tar of its data folder), made first when missing. */
async function loadedSnapshot(): Promise<PGlite> {
  // Kept as a plain tar: a database opens in 0.2-0.25 CPU-s less than from the gzipped one
  // (44 MB against 5 MB on disk; docs/benchmarks.md, Test suite).
  const snapshot = path.join(os.tmpdir(), `api-test-pglite-${migrationsHash()}.tar`);
  if (existsSync(snapshot)) return PGlite.create({ loadDataDir: new Blob([await readFile(snapshot)]) });
  const pglite = await PGlite.create();
  await migrateDatabase({ pglite });
  const dump = await pglite.dumpDataDir('none');
  // Written aside and renamed: parallel files never read a half-written snapshot.
  const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, snapshot);
  return pglite;
}

/**
 * An ended file's database as a new one (the caller seeds it): the session's settings
 * reset, every table emptied with its ids counted from 1 again — the operators' audit trail
 * too, whose append-only trigger is off for this transaction alone (session_replication_role,
 * the superuser's switch) — and every job, schedule and archived job of pg-boss gone. Its
 * queues stay: a queue is created once and is the same for every app. Not the browser
 * tests' emptyDatabase (db/empty-database.ts): that one runs inside a live server, keeps
 * the audit trail and the jobs that ran, and a file here must see none of an earlier one's.
 */
async function resetForNextFile(handle: DatabaseHandle): Promise<void> {
  // A PGlite is one session for every file; a PostgreSQL file opens a pool of new sessions.
  if (handle.pglite) await handle.pglite.exec('discard all');
  const rows = async (query: string) => ((await handle.db.execute(sql.raw(query))) as unknown as { rows: Array<{ name: string }> }).rows;
  const tables = await rows(
    `select quote_ident(c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  const bossTables = await rows(
    `select table_name as name from information_schema.tables where table_schema = 'pgboss' and table_name in ('job', 'archive', 'schedule')`,
  );
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local session_replication_role = replica'));
    if (tables.length > 0) await tx.execute(sql.raw(`truncate table ${tables.map((row) => row.name).join(', ')} restart identity cascade`));
    for (const { name } of bossTables) await tx.execute(sql.raw(`delete from pgboss.${name}`));
  });
}
