import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createNodeCipher } from '@app/contract/cipher-node.ts';
import type { WireCipher } from '@app/contract/cipher-format.ts';
import { ENDPOINTS, type Endpoint } from '@app/contract/endpoints.ts';
import { CLIENT_VERSION, COUNTRY_CODE, DEFAULT_SOURCE_CHANNEL, HEADER } from '@app/contract/headers.ts';
import { HEALTH_PATH } from '@app/contract/paths.ts';
import { decodeEnvelope, encodeRequest, type WireRequest } from '@app/contract/wire.ts';

/**
 * npm run bench:api — autocannon, 100 connections, BENCH_DURATION (10) s each, against
 * one server per database:
 *   - a bare route and the encrypted GET config/one (requirement: encrypted ≥ 40% of bare,
 *     the exit code follows it);
 *   - the health check GET /healthz (`select 1`) and an authenticated encrypted read,
 *     POST queryCashUser with a session token from the real code login (target, printed
 *     but not enforced: ≥ 50% of the health check's req/s on PostgreSQL, p99 ≤ 50 ms).
 *
 * Databases: PGlite always; PostgreSQL at BENCH_DATABASE_URL (used as is), else a fresh
 * `bench_<time>` database on postgresql://postgres@127.0.0.1:5432 when that answers
 * (dropped afterwards). `-- --only=pglite` or `-- --only=postgres` runs one of them.
 */
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BARE_PATH = '/__bench__/bare';
const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
const ENCRYPTED_REQUIREMENT = 0.4;
const READ_TARGET = 0.5;
const READ_P99_TARGET_MS = 50;

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  throw new Error('usage: npm run bench:api [-- --only=pglite|--only=postgres]');
}

interface Server {
  port: number;
  cipherKey: string;
  packageName: string;
  database: 'pglite' | 'postgres';
  poolSize: number | null;
  stop(): Promise<void>;
}

const serverScript = fileURLToPath(new URL('./bench-server.ts', import.meta.url));

async function startServer(databaseUrl: string): Promise<Server> {
  // BENCH_CPU_PROF_DIR: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome DevTools' Performance panel, or sum self time per function).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', serverScript], {
    env: { ...process.env, BENCH_SERVER_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<Omit<Server, 'stop'>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(JSON.parse(line) as Omit<Server, 'stop'>));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    ...ready,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function call(base: string, cipher: WireCipher, endpoint: Endpoint, payload: unknown, headers: Record<string, string> = {}) {
  const request = encodeRequest(endpoint, payload, cipher, base, headers);
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const envelope = decodeEnvelope(await response.text(), cipher);
  if (envelope.status !== 200) throw new Error(`${endpoint.path} answered ${envelope.status} ${envelope.message}`);
  return envelope.body;
}

/** The web app's logged-in headers (apps/web/src/shared/api/request-headers.ts). */
function loggedInHeaders(packageName: string, token: string, userId: string, uuId: string): Record<string, string> {
  return {
    [HEADER.version]: CLIENT_VERSION,
    [HEADER.sourceChannel]: DEFAULT_SOURCE_CHANNEL,
    [HEADER.packageName]: packageName,
    [HEADER.countryCode]: COUNTRY_CODE,
    [HEADER.token]: token,
    [HEADER.userId]: userId,
    [HEADER.uuId]: uuId,
  };
}

/** A session through the real flow: send a code, read it from the outbox hook, log in. */
async function logIn(base: string, cipher: WireCipher, packageName: string): Promise<Record<string, string>> {
  const mobile = `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  await call(base, cipher, ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' });
  const outbox = (await (await fetch(`${base}/__test__/sms-outbox?mobile=${mobile}`)).json()) as Array<{ code: string | null }>;
  const code = outbox[0]?.code;
  if (!code) throw new Error('no code in the SMS outbox');
  const session = (await call(base, cipher, ENDPOINTS.login, { mobile, code })) as { token: string; userId: unknown; uuId: unknown };
  return loggedInHeaders(packageName, session.token, String(session.userId), String(session.uuId));
}

interface Row {
  database: string;
  title: string;
  rps: number;
  p99: number;
}

async function run(database: string, title: string, request: WireRequest): Promise<Row> {
  const options = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: CONNECTIONS,
  };
  // A short warm-up so JIT and caches are not part of the figure.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  // Reported, not fatal: under overload the slowest requests pass autocannon's 10 s
  // timeout, and that is part of the figure.
  const errors = `errors ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx}`;
  const row = { database, title, rps: result.requests.average, p99: result.latency.p99 };
  console.log(
    `${database.padEnd(9)} ${title.padEnd(34)} ${Math.round(row.rps).toString().padStart(7)} req/s   p99 ${String(row.p99).padStart(5)} ms   ${errors}`,
  );
  return row;
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** Runs the four targets on one server; true when the encrypted requirement holds. */
async function benchOne(databaseUrl: string): Promise<boolean> {
  const server = await startServer(databaseUrl);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const name = server.database === 'postgres' ? 'postgres' : 'pglite';
    const pool = server.poolSize === null ? 'in-process PGlite' : `pg pool of ${server.poolSize}`;
    console.log(`\n${name}: server on ${base}, ${pool}`);

    // Fixed cipher texts: the bench measures the server, not the client's encryption.
    const cipher = createNodeCipher(server.cipherKey);
    const configOne = encodeRequest(ENDPOINTS.commonConfigOne, { configKey: 'line' }, cipher, base);
    await call(base, cipher, ENDPOINTS.commonConfigOne, { configKey: 'line' });
    const headers = await logIn(base, cipher, server.packageName);
    const queryCashUser = encodeRequest(ENDPOINTS.queryCashUser, {}, cipher, base, headers);
    await call(base, cipher, ENDPOINTS.queryCashUser, {}, headers);

    const bare = await run(name, `bare GET ${BARE_PATH}`, { url: `${base}${BARE_PATH}`, method: 'GET', headers: {} });
    const encrypted = await run(name, 'encrypted GET config/one', configOne);
    const health = await run(name, `health GET ${HEALTH_PATH} (select 1)`, { url: `${base}${HEALTH_PATH}`, method: 'GET', headers: {} });
    const read = await run(name, 'logged-in POST queryCashUser', queryCashUser);

    const encryptedRatio = encrypted.rps / bare.rps;
    const readRatio = read.rps / health.rps;
    const readMet = readRatio >= READ_TARGET && read.p99 <= READ_P99_TARGET_MS;
    console.log(`${name.padEnd(9)} encrypted / bare: ${percent(encryptedRatio)} (requirement ≥ ${percent(ENCRYPTED_REQUIREMENT)})`);
    console.log(
      `${name.padEnd(9)} queryCashUser / health: ${percent(readRatio)} of req/s, p99 ${read.p99} ms vs ${health.p99} ms ` +
        `(target ≥ ${percent(READ_TARGET)}, p99 ≤ ${READ_P99_TARGET_MS} ms: ${readMet ? 'met' : 'not met'})`,
    );
    return encryptedRatio >= ENCRYPTED_REQUIREMENT;
  } finally {
    await server.stop();
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the local server, or undefined when none answers. */
async function createLocalDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  try {
    await withClient(LOCAL_POSTGRES, (client) => client.query('select 1'));
  } catch {
    return undefined;
  }
  const name = `bench_${Date.now()}`;
  await withClient(LOCAL_POSTGRES, (client) => client.query(`create database ${name}`));
  const url = new URL(LOCAL_POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(LOCAL_POSTGRES, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

console.log(`autocannon ${CONNECTIONS} connections, ${DURATION_S} s per target after a 2 s warm-up`);
let ok = true;
if (only !== 'postgres') ok = (await benchOne('')) && ok;
if (only !== 'pglite') {
  const given = process.env.BENCH_DATABASE_URL;
  const local = given ? undefined : await createLocalDatabase();
  if (!given && !local) {
    console.log('\npostgres: skipped (no BENCH_DATABASE_URL, nothing answering at 127.0.0.1:5432)');
    if (only === 'postgres') ok = false;
  } else {
    try {
      ok = (await benchOne(given ?? local?.url ?? '')) && ok;
    } finally {
      await local?.drop();
    }
  }
}
process.exitCode = ok ? 0 : 1;
