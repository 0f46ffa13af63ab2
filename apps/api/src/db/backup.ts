import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from './client.ts';

/**
 * Backups of the product's database, whole (schema, data, the job queue):
 * - PostgreSQL: `pg_dump` in its custom format, taken while the service runs (a
 *   consistent snapshot), restored with `pg_restore` into a new database;
 * - the embedded PGlite: its data directory as a gzipped tarball (PGlite's own dump),
 *   restored into an empty directory. PGlite allows one process: back up a running
 *   embedded server's database from that process, or stop it first.
 * A restore is proven by the ledger check (`npm run restore` runs it).
 *
 * Uploaded files: with PostgreSQL they are in the database (`file_blobs`, the default
 * store), so in the dump. With PGlite they are in the local folder: the backup is then a
 * gzipped tar of the PGlite dump (`database.tar.gz`) and the folder (`files/`, sealed as
 * stored), restored together. An S3 bucket is backed up by its own versioning or
 * replication. The keys (DATA_KEYS, BLIND_INDEX_KEY) are never in a backup: without them
 * its personal data and files do not open.
 */

export type BackupKind = 'postgres' | 'pglite';

/** pg_dump's custom format starts with these bytes; a PGlite dump is a gzip stream. */
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${command} could not start (${error.message}): install the PostgreSQL client tools`)));
    child.on('close', (code) => {
      // The tools' own messages name objects, never row values.
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${code}): ${errors.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** What kind of backup a file holds, by its first bytes; null when it is neither. */
export async function backupKindOf(file: string): Promise<BackupKind | null> {
  const head = (await readFile(file)).subarray(0, 5);
  if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite';
  return null;
}

/** The PGlite dump inside a backup bundle with files. */
const BUNDLED_DATABASE = 'database.tar.gz';

async function hasFiles(dir: string | undefined): Promise<boolean> {
  return dir !== undefined && existsSync(dir) && (await readdir(dir)).length > 0;
}

/**
 * Writes a backup of the database to `out`; its size in bytes. `filesDir`: the local file
 * folder, bundled with a PGlite backup when it holds files.
 */
export async function backupDatabase(options: {
  handle: DatabaseHandle;
  databaseUrl: string | undefined;
  out: string;
  filesDir?: string;
}): Promise<number> {
  const { handle, out } = options;
  if (handle.kind === 'postgres') {
    if (!options.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL');
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${options.databaseUrl}`]);
  } else {
    if (!handle.pglite) throw new Error('a PGlite handle without its PGlite');
    const dump = Buffer.from(await (await handle.pglite.dumpDataDir('gzip')).arrayBuffer());
    if (!(await hasFiles(options.filesDir))) {
      await writeFile(out, dump);
    } else {
      const bundle = await mkdtemp(path.join(os.tmpdir(), 'backup-bundle-'));
      try {
        await writeFile(path.join(bundle, BUNDLED_DATABASE), dump);
        await cp(options.filesDir ?? '', path.join(bundle, 'files'), { recursive: true });
        await run('tar', ['-czf', out, '-C', bundle, BUNDLED_DATABASE, 'files']);
      } finally {
        await rm(bundle, { recursive: true, force: true });
      }
    }
  }
  return (await stat(out)).size;
}

/** Whether a gzip backup is a bundle (the PGlite dump and the files) rather than PGlite's own dump. */
async function isBundle(file: string): Promise<boolean> {
  const listing = await new Promise<string>((resolve, reject) => {
    const child = spawn('tar', ['-tzf', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // The bundle names its database first: no need to list a whole data directory.
      if (out.includes('\n')) child.kill();
    });
    child.on('error', (error) => reject(new Error(`tar could not start (${error.message})`)));
    child.on('close', () => resolve(out));
  });
  return listing.split('\n')[0]?.replace(/^\.\//, '') === BUNDLED_DATABASE;
}

/**
 * Restores `from` into a new database: `databaseUrl` (an existing, empty PostgreSQL
 * database) for a pg_dump backup, `pgliteDir` (absent or empty) for a PGlite one, and
 * a PGlite bundle's files into `filesDir` (absent or empty).
 */
export async function restoreDatabase(options: {
  from: string;
  databaseUrl?: string;
  pgliteDir?: string;
  filesDir?: string;
}): Promise<BackupKind> {
  const kind = await backupKindOf(options.from);
  if (kind === null) throw new Error(`${options.from} is not a backup of this product (neither pg_dump's custom format nor a PGlite dump)`);
  if (kind === 'postgres') {
    if (!options.databaseUrl) throw new Error('a pg_dump backup is restored into a PostgreSQL database: give its URL');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${options.databaseUrl}`, options.from]);
    return kind;
  }
  if (!options.pgliteDir) throw new Error('a PGlite backup is restored into a data directory: give one (absent or empty)');
  await mkdir(options.pgliteDir, { recursive: true });
  if ((await readdir(options.pgliteDir)).length > 0) throw new Error(`${options.pgliteDir} is not empty: restore into a new directory`);
  if (!(await isBundle(options.from))) {
    const pglite = await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: new Blob([await readFile(options.from)]) });
    await pglite.close();
    return kind;
  }
  const filesDir = options.filesDir;
  if (!filesDir) throw new Error('this backup holds uploaded files: give a folder for them (absent or empty)');
  if (await hasFiles(filesDir)) throw new Error(`${filesDir} is not empty: restore into a new folder`);
  const unpacked = await mkdtemp(path.join(os.tmpdir(), 'restore-bundle-'));
  try {
    await run('tar', ['-xzf', options.from, '-C', unpacked]);
    const pglite = await PGlite.create({
      dataDir: options.pgliteDir,
      loadDataDir: new Blob([await readFile(path.join(unpacked, BUNDLED_DATABASE))]),
    });
    await pglite.close();
    await cp(path.join(unpacked, 'files'), filesDir, { recursive: true });
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
  return kind;
}
