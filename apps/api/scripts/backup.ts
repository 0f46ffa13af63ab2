import { loadConfig } from '../src/config/env.ts';
import { backupDatabase, restoreDatabase } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { checkBooks } from '../src/modules/repayments/check-books.ts';

/**
 * npm run backup -- <file>
 *   A backup of the configured database: with DATABASE_URL, pg_dump's custom format (the
 *   service may keep running); else the embedded PGlite of DATA_DIR as a gzipped dump
 *   (stop `npm start` first: PGlite takes one process).
 *
 * npm run restore -- <file> (--database-url <url of a new, empty database> | --dir <new, empty folder>)
 *   Restores it into a NEW database, never over the live one, then runs the ledger check
 *   there (the same as `npm run operator -- check-books`): exit 1 when a difference is found.
 *   To serve from it: point DATABASE_URL (or DATA_DIR's pglite folder) at it.
 */
const USAGE = 'usage: npm run backup -- <file> | npm run restore -- <file> (--database-url <url> | --dir <folder>)';

const [command, file, option, value] = process.argv.slice(2);
if (!file || (command !== 'backup' && command !== 'restore')) {
  console.error(USAGE);
  process.exit(2);
}

if (command === 'backup') {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    const bytes = await backupDatabase({ handle, databaseUrl: config.databaseUrl, out: file });
    console.log(`backup of the ${handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database written to ${file} (${bytes} bytes)`);
  } finally {
    await handle.close();
  }
} else {
  const target = option === '--database-url' && value ? { databaseUrl: value } : option === '--dir' && value ? { pgliteDir: value } : null;
  if (!target) {
    console.error(USAGE);
    process.exit(2);
  }
  await restoreDatabase({ from: file, ...target });
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir });
  try {
    const differences = await checkBooks({ db: handle.db });
    for (const difference of differences) console.log(`order ${difference.orderId}: ${difference.what} expected ${difference.expected}, found ${difference.found}`);
    console.log(differences.length === 0 ? 'restored; the books balance (no difference)' : `restored; ${differences.length} difference(s) in the books`);
    process.exitCode = differences.length === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}
