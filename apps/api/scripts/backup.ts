import path from 'node:path';
import { loadConfig } from '../src/config/env.ts';
import { backupDatabase, restoreDatabase } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { checkBooks } from '../src/modules/repayments/check-books.ts';

/**
 * npm run backup -- <file>
 *   A backup of the configured database: with DATABASE_URL, pg_dump's custom format (the
 *   service may keep running; uploaded files are in it, in file_blobs); else the embedded
 *   PGlite of DATA_DIR as a gzipped dump, bundled with DATA_DIR/files when it holds files
 *   (stop `npm start` first: PGlite takes one process). Files in an S3 bucket are not in
 *   it: the bucket's versioning or replication keeps them.
 *
 * npm run restore -- <file> (--database-url <url of a new, empty database> | --dir <new, empty DATA_DIR>)
 *   Restores it into a NEW database, never over the live one (a PGlite backup into
 *   <dir>/pglite, its files into <dir>/files), then runs the ledger check there (the same
 *   as `npm run operator -- check-books`): exit 1 when a difference is found. To serve from
 *   it: point DATABASE_URL (or DATA_DIR) at it, with the same DATA_KEYS and BLIND_INDEX_KEY.
 */
const USAGE = 'usage: npm run backup -- <file> | npm run restore -- <file> (--database-url <url> | --dir <new DATA_DIR>)';

const [command, file, option, value] = process.argv.slice(2);
if (!file || (command !== 'backup' && command !== 'restore')) {
  console.error(USAGE);
  process.exit(2);
}

if (command === 'backup') {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const filesDir = config.fileStore.kind === 'local' ? config.filesDir : undefined;
    const bytes = await backupDatabase({
      handle,
      databaseUrl: config.databaseUrl,
      out: file,
      filesDir: handle.kind === 'pglite' ? filesDir : undefined,
    });
    console.log(`backup of the ${handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database written to ${file} (${bytes} bytes)`);
    if (config.fileStore.kind === 's3') console.log('uploaded files are in the S3 bucket: back it up by its versioning or replication');
    if (handle.kind === 'postgres' && filesDir) console.log(`uploaded files are in ${filesDir} (FILE_STORE=local): copy the folder too`);
  } finally {
    await handle.close();
  }
} else {
  const target =
    option === '--database-url' && value
      ? { databaseUrl: value }
      : option === '--dir' && value
        ? { pgliteDir: path.join(value, 'pglite'), filesDir: path.join(value, 'files') }
        : null;
  if (!target) {
    console.error(USAGE);
    process.exit(2);
  }
  await restoreDatabase({ from: file, ...target });
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir });
  try {
    const differences = await checkBooks({ db: handle.db });
    for (const difference of differences)
      console.log(`order ${difference.orderId}: ${difference.what} expected ${difference.expected}, found ${difference.found}`);
    console.log(
      differences.length === 0
        ? 'restored; the books balance (no difference)'
        : `restored; ${differences.length} difference(s) in the books`,
    );
    process.exitCode = differences.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}
