import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileStorage } from '../plugins/file-storage.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { AtRestKeys } from './at-rest.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

/**
 * `npm run backup` / `restore` carry the uploaded files: on PostgreSQL in the dump
 * (`file_blobs`, the default store there), on PGlite bundled with its dump from the local
 * folder. The restored files open with the same keys, and only with them.
 */

const keys = new AtRestKeys({ currentId: 'b1', keys: new Map([['b1', Buffer.alloc(32, 61)]]), blindIndexKey: Buffer.alloc(32, 62) });
const PHOTO = Buffer.from('pretend ID card photo 陳志明 A123456789');

let database: TestDatabase;
let dir: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'backup-files-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await database?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const storeOf = (handle: DatabaseHandle, filesDir: string) =>
  openFileStorage({ config: { kind: handle.kind === 'postgres' ? 'postgres' : 'local' }, filesDir, db: handle.db, keys });

async function newPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `restore_files_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backups with uploaded files', () => {
  it('restores the files with the database; they open with the same keys', async () => {
    const filesDir = path.join(dir, 'files');
    const files = storeOf(database.handle, filesDir);
    await files.save(5, 'front.jpg', PHOTO);
    await files.save(6, 'receipt.png', Buffer.from('receipt'));

    const out = path.join(dir, 'backup');
    await backupDatabase({ handle: database.handle, databaseUrl: database.databaseUrl, out, filesDir });

    const restoredFiles = path.join(dir, 'restored', 'files');
    const target = database.databaseUrl
      ? { databaseUrl: await newPostgresDatabase(database.databaseUrl) }
      : { pgliteDir: path.join(dir, 'restored', 'pglite') };
    await restoreDatabase({ from: out, ...target, filesDir: restoredFiles });
    const restored = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir });
    cleanups.push(() => restored.close());

    const again = storeOf(restored, restoredFiles);
    expect(await again.read(5, 'front.jpg')).toEqual(PHOTO);
    expect(await again.read(6, 'receipt.png')).toEqual(Buffer.from('receipt'));
    const other = new AtRestKeys({ currentId: 'b1', keys: new Map([['b1', Buffer.alloc(32, 1)]]), blindIndexKey: Buffer.alloc(32, 2) });
    const withOtherKey = openFileStorage({
      config: { kind: restored.kind === 'postgres' ? 'postgres' : 'local' },
      filesDir: restoredFiles,
      db: restored.db,
      keys: other,
    });
    await expect(withOtherKey.read(5, 'front.jpg')).rejects.toThrow();
  }, 120_000);

  it('refuses to restore a bundle without a folder for its files, or into a folder in use', async () => {
    // Only a PGlite backup bundles files (a pg_dump backup holds them in the dump): nothing to refuse on PostgreSQL.
    if (database.databaseUrl) return;
    const out = path.join(dir, 'backup');
    await expect(restoreDatabase({ from: out, pgliteDir: path.join(dir, 'r2', 'pglite') })).rejects.toThrow(/holds uploaded files/);
    await expect(
      restoreDatabase({ from: out, pgliteDir: path.join(dir, 'r3', 'pglite'), filesDir: path.join(dir, 'files') }),
    ).rejects.toThrow(/not empty/);
  });
});
