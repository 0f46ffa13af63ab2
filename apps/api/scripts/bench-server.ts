import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';

/**
 * The server half of `npm run bench:api`, in its own process so autocannon does not
 * share its event loop: the real app on a throwaway PGlite, plus one bare route on the
 * same instance for the baseline. Prints {"port":N} when ready.
 */
export const BARE_PATH = '/__bench__/bare';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  TEST_HOOKS: 'false',
});
const app = await buildApp(config);
app.get(BARE_PATH, async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');
process.stdout.write(`${JSON.stringify({ port: address.port, cipherKey: config.cipherKey })}\n`);

const stop = async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
