import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { checkBooks } from './check-books.ts';
import { accountsServerPerFile, ManualClock } from '../../test/accounts-test-kit.ts';
import { createBorrower } from '../../test/lending-test-kit.ts';
import { collect, openRepayingOrder, paidNotification, postNotification } from '../../test/repayments-test-kit.ts';
import { backupDatabase, backupKindOf, restoreDatabase } from '../../db/backup.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { loanOrders } from '../../db/schema/orders.ts';
import { loanJournalEntries, loanJournalLines } from '../../db/schema/repayments.ts';

/**
 * A backup of a database with live orders (paid out, partly repaid, settled), restored
 * into a new database: the same rows, and the ledger check finds no difference there.
 * On PostgreSQL (DATABASE_URL) through pg_dump/pg_restore, else PGlite's own dump.
 */

const { database, server } = accountsServerPerFile({
  clock: new ManualClock(Date.parse('2030-05-01T02:00:00Z')),
  env: { SESSION_IDLE_DAYS: '3650' },
});

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function counts(handle: DatabaseHandle) {
  const [[orders], [entries], [lines]] = await Promise.all([
    handle.db.select({ n: count() }).from(loanOrders),
    handle.db.select({ n: count() }).from(loanJournalEntries),
    handle.db.select({ n: count() }).from(loanJournalLines),
  ]);
  return { orders: orders?.n, entries: entries?.n, lines: lines?.n };
}

/** A new, empty database to restore into: a PostgreSQL database beside the test's, or a PGlite directory. */
async function newTarget(): Promise<{ databaseUrl?: string; pgliteDir?: string; open: () => Promise<DatabaseHandle> }> {
  if (database.databaseUrl) {
    const url = new URL(database.databaseUrl);
    const name = `restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: database.databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    const databaseUrl = url.toString();
    return { databaseUrl, open: () => openDatabase({ databaseUrl, pgliteDir: undefined }) };
  }
  const pgliteDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'restore-')), 'pglite');
  cleanups.push(() => rm(path.dirname(pgliteDir), { recursive: true, force: true }));
  return { pgliteDir, open: () => openDatabase({ databaseUrl: undefined, pgliteDir }) };
}

describe('backup and restore', () => {
  it('restores a database with live orders into a new one whose books balance', async () => {
    const user = await createBorrower(server, database.handle);
    const settledOrder = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90);
    const repaying = await openRepayingOrder(
      server,
      database.handle,
      await createBorrower(server, database.handle),
      DEFAULT_EQUAL_INSTALMENT_PRODUCT,
      30_000,
      6,
    );
    const payoff = (await collect(server, user, settledOrder, 'payoff', 'atm')).payment!;
    expect((await postNotification(server, paidNotification(server, payoff.id, payoff.amount))).text).toBe('1|OK');
    expect(repaying).toBeGreaterThan(0);
    expect(await checkBooks({ db: database.handle.db })).toEqual([]);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'backup');
    expect(await backupDatabase({ handle: database.handle, databaseUrl: database.databaseUrl, out: file })).toBeGreaterThan(0);
    expect(await backupKindOf(file)).toBe(database.handle.kind);

    const target = await newTarget();
    expect(await restoreDatabase({ from: file, ...target })).toBe(database.handle.kind);
    const restored = await target.open();
    cleanups.push(() => restored.close());
    expect(await counts(restored)).toEqual(await counts(database.handle));
    expect((await counts(restored)).entries).toBeGreaterThanOrEqual(3);
    expect(await checkBooks({ db: restored.db })).toEqual([]);
  }, 120_000); // a new PGlite (its WebAssembly instance) takes seconds on a loaded machine

  it('refuses a file that is no backup, and a PGlite restore into a directory in use', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const junk = path.join(dir, 'junk');
    await writeFile(junk, 'hello');
    await expect(restoreDatabase({ from: junk, pgliteDir: path.join(dir, 'x') })).rejects.toThrow(/not a backup/);
    const occupied = path.join(dir, 'occupied');
    await writeFile(path.join(dir, 'gz'), Buffer.from([0x1f, 0x8b, 0, 0, 0]));
    await import('node:fs/promises').then((fs) => fs.mkdir(occupied)).then(() => writeFile(path.join(occupied, 'PG_VERSION'), '17'));
    await expect(restoreDatabase({ from: path.join(dir, 'gz'), pgliteDir: occupied })).rejects.toThrow(/not empty/);
  });
});
