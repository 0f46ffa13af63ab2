import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createNodeCipher } from '@app/contract/cipher-node.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';

/**
 * npm run bench:api — autocannon, 100 connections, 10 s each, against a bare route and
 * the encrypted GET config/one of the same server. Requirement: encrypted ≥ 40% of bare.
 */
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BARE_PATH = '/__bench__/bare';

const serverScript = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', serverScript], { stdio: ['ignore', 'pipe', 'inherit'] });

const ready = await new Promise<{ port: number; cipherKey: string }>((resolve, reject) => {
  const lines = createInterface({ input: child.stdout });
  lines.once('line', (line) => resolve(JSON.parse(line) as { port: number; cipherKey: string }));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const base = `http://127.0.0.1:${ready.port}`;

// One fixed cipher text: the bench measures the server, not the client's encryption.
const cipher = createNodeCipher(ready.cipherKey);
const request = encodeRequest(ENDPOINTS.commonConfigOne, { configKey: 'line' }, cipher);
const check = decodeEnvelope(await (await fetch(`${base}${request.url}`)).text(), cipher);
if (check.status !== 200) throw new Error(`config/one answered ${check.status} ${check.message}`);

async function run(title: string, path: string) {
  // A short warm-up so JIT and caches are not part of the figure.
  await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION_S });
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(
    `${title.padEnd(28)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p99 ${result.latency.p99} ms   errors ${errors}`,
  );
  return result;
}

try {
  console.log(`autocannon ${CONNECTIONS} connections, ${DURATION_S} s, server pid ${child.pid}`);
  const bare = await run(`bare GET ${BARE_PATH}`, BARE_PATH);
  const encrypted = await run('encrypted GET config/one', request.url);
  const ratio = encrypted.requests.average / bare.requests.average;
  console.log(`ratio encrypted/bare: ${(ratio * 100).toFixed(1)}% (requirement ≥ 40%)`);
  process.exitCode = ratio >= 0.4 ? 0 : 1;
} finally {
  child.kill('SIGTERM');
}
