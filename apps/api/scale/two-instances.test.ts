import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_OK, STATUS_RELOGIN, type Envelope } from '@app/contract/envelope.ts';
import { CODE_RESEND_WAIT, CODE_SEND_LIMIT } from '@app/contract/messages/accounts.ts';
import { SESSION_EXPIRED } from '@app/contract/messages/request-errors.ts';
import { HEALTH_PATH, PATHS } from '@app/contract/paths.ts';
import { decodeEnvelope } from '@app/contract/wire.ts';
import { randomMobile } from '../src/test/accounts-test-kit.ts';
import { createTestClient, TEST_KEY, type TestClient } from '../src/test/test-server.ts';

/**
 * The scale-out claim (ARCHITECTURE.md, "Scaling out"): two real API processes, started
 * together against one fresh PostgreSQL database and one Redis, behave as one service.
 * Every assertion here would fail if the state involved lived in process memory.
 *
 * Not covered: requestId idempotency across instances. No production endpoint takes a
 * requestId yet (only the test endpoint of plugins/idempotency.test.ts), and adding one
 * for this test would be a production change made for a test.
 *
 * Needs a PostgreSQL server (postgresql://postgres@127.0.0.1:5432, trust auth, or
 * SCALE_POSTGRES_URL) and Redis (REDIS_URL, default redis://127.0.0.1:6379). The
 * limiter has no configurable key prefix, but its keys are HMAC tags under OTP_SECRET:
 * a fresh secret per run keeps this run's counters apart from every other run's.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The server as `npm start` runs it (decision 0190), bundled from the sources before the instances start. */
const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps/api/dist/server.mjs');
const BUNDLER = path.join(REPO_ROOT, 'apps/api/scripts/bundle-server.mjs');
const MIGRATIONS_JOURNAL = path.join(REPO_ROOT, 'apps/api/drizzle/meta/_journal.json');
const ADMIN_URL = process.env.SCALE_POSTGRES_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const START_DEADLINE_MS = 90_000;
const SENDS_PER_NUMBER_PER_HOUR = 5;

interface Instance {
  name: string;
  child: ChildProcess;
  baseUrl: string;
  client: TestClient;
  exited: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let databaseName: string;
let databaseUrl: string;
/** One DATA_DIR per instance, as on two machines: files can only be shared through the store. */
let dataDirs: string[] = [];
/** Every child started, for afterAll, listening or not. */
const started: Array<Pick<Instance, 'child' | 'exited'>> = [];
let a: Instance;
let b: Instance;

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts `node apps/api/dist/server.mjs` (the bundle) in its own process group on a port the
 * OS picks (PORT=0), and resolves with the address Fastify reports it listens on. The
 * logs are read (a full pipe would stall the child) but never printed: they may carry
 * masked numbers; only stderr's tail is shown if the process dies before listening.
 */
function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  started.push({ child, exited });
  let stderrTail = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });

  return new Promise<Instance>((resolve, reject) => {
    let pending = '';
    let listening = false;
    const timer = setTimeout(() => reject(new Error(`${name}: not listening within ${START_DEADLINE_MS} ms`)), START_DEADLINE_MS);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (listening) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (!match?.[1]) continue;
        listening = true;
        clearTimeout(timer);
        resolve({ name, child, baseUrl: match[1], client: createTestClient(match[1]), exited });
        return;
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`${name} exited before listening (${code ?? signal}):\n${stderrTail}`));
    });
  });
}

async function stopInstance(instance: Pick<Instance, 'child' | 'exited'>): Promise<void> {
  const pid = instance.child.pid;
  if (pid === undefined || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return; // The group is already gone.
  }
  const stopped = await Promise.race([instance.exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
    await instance.exited;
  }
}

/** Bounded poll: true once GET /healthz answers 200 { ok: true }. */
async function becomesHealthy(instance: Instance): Promise<boolean> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${instance.baseUrl}${HEALTH_PATH}`);
      if (response.status === 200 && ((await response.json()) as { ok?: unknown }).ok === true) return true;
    } catch {
      // Not answering yet.
    }
    await sleep(200);
  }
  return false;
}

async function outbox(instance: Instance, mobile: string): Promise<Array<{ code: string | null }>> {
  const response = await fetch(`${instance.baseUrl}/__test__/sms-outbox?mobile=${mobile}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ code: string | null }>;
}

function okBody<T>(envelope: Envelope | null): T {
  expect(envelope?.status).toBe(STATUS_OK);
  return envelope?.body as T;
}

beforeAll(async () => {
  execFileSync(process.execPath, [BUNDLER], { cwd: REPO_ROOT, stdio: 'inherit' });
  databaseName = `scale_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${databaseName}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  dataDirs = [await mkdtemp(path.join(os.tmpdir(), 'api-scale-a-')), await mkdtemp(path.join(os.tmpdir(), 'api-scale-b-'))];

  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    TEST_HOOKS: 'true',
    APP_CIPHER_KEY: TEST_KEY,
    // Fresh per run: the limiter's Redis keys are HMAC tags under it (see above).
    OTP_SECRET: randomBytes(32).toString('base64'),
    OTP_RESEND_SECONDS: '1',
    OTP_SENDS_PER_NUMBER_PER_HOUR: String(SENDS_PER_NUMBER_PER_HOUR),
    // The same keys of data at rest on both (as the runbook requires); files go to PostgreSQL by default.
    DATA_KEYS: `s1:${randomBytes(32).toString('base64')}`,
    BLIND_INDEX_KEY: randomBytes(32).toString('base64'),
    WEB_DIST: '/nonexistent/web-dist',
    LOG_LEVEL: 'info',
  };
  // Both at the same moment against the same empty database: the migration lock is
  // what lets both come up.
  const both = await Promise.allSettled([
    startInstance('A', { ...env, DATA_DIR: dataDirs[0] ?? '' }),
    startInstance('B', { ...env, DATA_DIR: dataDirs[1] ?? '' }),
  ]);
  for (const result of both) if (result.status === 'rejected') throw result.reason;
  [a, b] = both.map((result) => (result as PromiseFulfilledResult<Instance>).value) as [Instance, Instance];
});

afterAll(async () => {
  await Promise.all(started.map(stopInstance));
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  if (databaseName) await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
});

describe('two API processes on one PostgreSQL and one Redis', () => {
  it('both started together on a fresh database come up healthy; migrations and seed ran once', async () => {
    expect(a.baseUrl).not.toBe(b.baseUrl);
    expect(await becomesHealthy(a)).toBe(true);
    expect(await becomesHealthy(b)).toBe(true);

    const journal = JSON.parse(readFileSync(MIGRATIONS_JOURNAL, 'utf8')) as { entries: unknown[] };
    const { migrations, banners, notices } = await admin(async (client) => {
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      const bannerRows = await client.query<{ n: number }>('select count(*)::int as n from banners');
      const noticeRows = await client.query<{ n: number }>('select count(*)::int as n from notices');
      return { migrations: applied.rows[0]?.n, banners: bannerRows.rows[0]?.n, notices: noticeRows.rows[0]?.n };
    }, databaseUrl);
    expect(migrations).toBe(journal.entries.length);
    expect(banners).toBe(1);
    expect(notices).toBe(1);
  });

  it('a code sent through A logs in through B; B’s token works on A; logout on A ends it on B', async () => {
    const mobile = randomMobile();
    okBody((await a.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' })).envelope);
    // The console outbox is per process: the message is in A's, not B's.
    const [message] = await outbox(a, mobile);
    expect(await outbox(b, mobile)).toEqual([]);
    const code = message?.code;
    expect(code).toMatch(/^\d{6}$/);

    // B checks a code it never sent: the code lives in PostgreSQL.
    const { token } = okBody<{ token: string }>((await b.client.call(ENDPOINTS.login, { mobile, code })).envelope);
    const headers = { token };

    // The session B issued is known to A, and to B itself.
    okBody((await a.client.call(ENDPOINTS.queryCashUser, {}, headers)).envelope);
    okBody((await b.client.call(ENDPOINTS.queryCashUser, {}, headers)).envelope);

    // Logout on A revokes it on B, which had just accepted it.
    expect(okBody((await a.client.call(ENDPOINTS.loginOut, {}, headers)).envelope)).toEqual({ ok: true });
    const expected = { status: STATUS_RELOGIN, message: SESSION_EXPIRED, body: null };
    expect((await b.client.call(ENDPOINTS.queryCashUser, {}, headers)).envelope).toEqual(expected);
    expect((await a.client.call(ENDPOINTS.queryCashUser, {}, headers)).envelope).toEqual(expected);

    // The code was used up by B's login: A refuses it too.
    expect((await a.client.call(ENDPOINTS.login, { mobile, code })).envelope?.status).not.toBe(STATUS_OK);
  });

  it(`the per-number send limit (${SENDS_PER_NUMBER_PER_HOUR} an hour) holds across both processes (Redis)`, async () => {
    const mobile = randomMobile();
    const answers: Array<{ instance: string; envelope: Envelope | null }> = [];
    for (let i = 0; i < 8; i += 1) {
      const instance = i % 2 === 0 ? a : b;
      // Past the 1 s resend wait; should a slow machine still meet it, ask again (a
      // refused send counts nowhere, so retrying cannot change the tally).
      await sleep(1100);
      let envelope: Envelope | null = null;
      for (let attempt = 0; attempt < 20; attempt += 1) {
        envelope = (await instance.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' })).envelope;
        if (envelope?.message !== CODE_RESEND_WAIT) break;
        await sleep(250);
      }
      answers.push({ instance: instance.name, envelope });
    }

    const accepted = answers.filter((answer) => answer.envelope?.status === STATUS_OK);
    expect(accepted).toHaveLength(SENDS_PER_NUMBER_PER_HOUR);
    // The first five went through (three by A, two by B: neither reached the limit on its
    // own), every later one was refused for the number's hourly limit.
    expect(answers.slice(0, SENDS_PER_NUMBER_PER_HOUR).every((answer) => answer.envelope?.status === STATUS_OK)).toBe(true);
    for (const answer of answers.slice(SENDS_PER_NUMBER_PER_HOUR)) {
      expect(answer.envelope).toMatchObject({ message: CODE_SEND_LIMIT, body: null });
    }
    expect(accepted.filter((answer) => answer.instance === 'A')).toHaveLength(3);
    expect(accepted.filter((answer) => answer.instance === 'B')).toHaveLength(2);
    // And the messages really went out through the process that accepted them.
    expect(await outbox(a, mobile)).toHaveLength(3);
    expect(await outbox(b, mobile)).toHaveLength(2);
  });
  it('an image uploaded through A is served by B (files in PostgreSQL, sealed), and neither folder holds it', async () => {
    const mobile = randomMobile();
    okBody((await a.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose: 'login' })).envelope);
    const [message] = await outbox(a, mobile);
    const { token } = okBody<{ token: string }>((await a.client.call(ENDPOINTS.login, { mobile, code: message?.code })).envelope);
    const png = readFileSync(path.join(REPO_ROOT, 'apps/web/public/icons/icon-192.png'));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'receipt.png');
    const uploaded = await fetch(`${a.baseUrl}${PATHS.uploadImage.path}`, { method: 'POST', headers: { token }, body: form });
    const { key, imageURL } = okBody<{ key: string; imageURL: string }>(decodeEnvelope(await uploaded.text(), a.client.cipher));

    const served = await fetch(`${b.baseUrl}${imageURL}`, { headers: { token } });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(png.subarray(0, 8));
    // Another borrower asking B for it gets nothing.
    expect((await fetch(`${b.baseUrl}${imageURL}`)).status).not.toBe(200);

    const stored = await admin(async (client) => {
      const result = await client.query<{ bytes: Buffer; key_id: string }>('select bytes, key_id from file_blobs where key = $1', [key]);
      return result.rows;
    }, databaseUrl);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.key_id).toBe('s1');
    expect(stored[0]?.bytes.includes(png.subarray(1, 4))).toBe(false);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'files'))).toBe(false);
  });
});
