import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { DEFAULT_POOL_SIZE, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDatabase } from '../src/db/seed.ts';

/**
 * The server half of `npm run bench:api`, in its own process so autocannon does not
 * share its event loop: the real app, plus one bare route on the same instance for the
 * baseline. Database: PGlite in a throwaway folder, or the PostgreSQL database named by
 * BENCH_SERVER_DATABASE_URL (set by bench-api.ts). Prints one JSON line when ready.
 *
 * The database is opened here rather than by buildApp so the PostgreSQL pool size can be
 * varied (BENCH_POOL_SIZE); by default it is the app's own (DEFAULT_POOL_SIZE), what
 * `npm start` uses. Test hooks are on: the bench logs in through the real code
 * flow and reads the code from the SMS outbox hook.
 */
export const BARE_PATH = '/__bench__/bare';

const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL || '';
const poolSize = Number(process.env.BENCH_POOL_SIZE || DEFAULT_POOL_SIZE);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  TEST_HOOKS: 'true',
});

const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize });
await migrateDatabase(database);
await seedDatabase(database.db);
const app = await buildApp(config, { database });
app.get(BARE_PATH, async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(
  `${JSON.stringify({
    port: address.port,
    cipherKey: config.cipherKey,
    packageName: config.packageName,
    database: database.kind,
    poolSize: database.kind === 'postgres' ? poolSize : null,
  })}\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
