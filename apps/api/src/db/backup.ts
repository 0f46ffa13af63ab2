import { spawn } from 'node:child_process';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
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

/** Writes a backup of the database to `out`; its size in bytes. */
export async function backupDatabase(options: { handle: DatabaseHandle; databaseUrl: string | undefined; out: string }): Promise<number> {
  const { handle, out } = options;
  if (handle.kind === 'postgres') {
    if (!options.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL');
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${options.databaseUrl}`]);
  } else {
    if (!handle.pglite) throw new Error('a PGlite handle without its PGlite');
    const dump = await handle.pglite.dumpDataDir('gzip');
    await writeFile(out, Buffer.from(await dump.arrayBuffer()));
  }
  return (await stat(out)).size;
}

/**
 * Restores `from` into a new database: `databaseUrl` (an existing, empty PostgreSQL
 * database) for a pg_dump backup, `pgliteDir` (absent or empty) for a PGlite one.
 */
export async function restoreDatabase(options: { from: string; databaseUrl?: string; pgliteDir?: string }): Promise<BackupKind> {
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
  const pglite = await PGlite.create({ dataDir: options.pgliteDir, loadDataDir: new Blob([await readFile(options.from)]) });
  await pglite.close();
  return kind;
}
