import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data folder a server has started on once and stopped (e2e/support/global-setup.ts). */
    e2eDataTemplate: string | undefined;
    /** Where each worker notes the servers it started, for global-setup.ts to stop whatever is left. */
    e2eServersDir: string | undefined;
  }
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The built app the tests serve. E2E_WEB_DIST points a run at a build of its own (e.g.
 * `vite build --outDir /tmp/x`), away from the apps/web/dist other runs rebuild.
 */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
/**
 * The server as `npm start` runs it: bundled once per run by global-setup.ts (decision 0190).
 * Without `--enable-source-maps` (npm start's): it costs about 0.8 CPU-s a start, for stack
 * frames only the server's log shows.
 */
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps/api/dist/server.mjs');
const BUNDLER = path.join(REPO_ROOT, 'apps/api/scripts/bundle-server.mjs');
const START_TIMEOUT_MS = 90_000;

/** Faults the API's test hooks inject into the next answers of one path. */
export type Fault =
  | { kind: 'delay'; ms: number }
  | { kind: 'undecodable' }
  | { kind: 'http'; code: number }
  | { kind: 'envelope'; status: number; message: string; body?: unknown }
  | { kind: 'hang' };

export interface TrackedEvent {
  event: string;
  eventContent: string;
  channel?: string;
  [field: string]: unknown;
}

export interface TestServer {
  baseUrl: string;
  setFault(apiPath: string, fault: Fault, times?: number): Promise<void>;
  clearFaults(): Promise<void>;
  events(limit?: number): Promise<TrackedEvent[]>;
  /** Moves the server's "now" by this many milliseconds from the real time (0 = back to real). */
  setClockOffset(offsetMs: number): Promise<void>;
  /** The server as it started: no faults, the real time, no counted limits, the database emptied and seeded again. */
  reset(): Promise<void>;
  /**
   * An operator made on the running server as `npm run admin:create` makes one (the
   * admin module's test hook): the path of its one-time enrolment link.
   */
  createOperator(username: string, role?: 'administrator' | 'reviewer' | 'finance' | 'support'): Promise<string>;
  /** Whether its process still runs. */
  readonly running: boolean;
  stop(): Promise<void>;
}

/**
 * The server environment of the files that follow money through the jobs (the back office's,
 * the repayments'): the decision 100 ms after submission, the sandbox's payout 200 ms after it
 * leaves; sessions kept a year; payouts up to NT$100,000 leave without a finance release
 * (admin-payouts.test.ts tests releases). One environment for them all, so they share the
 * pool's servers (acquireServer).
 */
export const FAST_JOBS_ENV: Readonly<Record<string, string>> = {
  DECISION_DELAY_MS: '100',
  PAYOUT_SANDBOX_DELAY_MS: '200',
  SESSION_IDLE_DAYS: '365',
  PAYOUT_RELEASE_ABOVE: '100000',
  PAYOUT_TWO_PEOPLE_ABOVE: '100000',
};

/** FAST_JOBS_ENV with payouts through the bank's batch files instead of the gateway (the result file decides each). */
export const BANK_PAYOUTS_ENV: Readonly<Record<string, string>> = { ...FAST_JOBS_ENV, PAYOUT_CHANNEL: 'bank' };

/**
 * A lender other than the default one (config/env.ts), so a page or document naming it can
 * only have it from the server's configuration.
 */
export const OTHER_LENDER = {
  LENDER_NAME: '大同資融股份有限公司',
  LENDER_ADDRESS: '新北市板橋區中山路一段 161 號',
  LENDER_REGISTRATION_NO: '12345670',
  LENDER_SERVICE_PHONE: '02-2960-0000',
  LENDER_SERVICE_HOURS: '週一至週五 09:00-18:00',
} as const;

/**
 * The server environment of the files that check what borrowers are told of the lender
 * (trust-signals.test.ts, borrower-journey.test.ts): OTHER_LENDER, the decision and the
 * sandbox's payout half a second after they are due (審核中 and 放款中 can be seen, and the
 * journey does not wait for long). One environment for both, so they share a server of the
 * pool (acquireServer): the files run one after the other in one worker (the longest first).
 */
export const OTHER_LENDER_ENV: Readonly<Record<string, string>> = {
  ...OTHER_LENDER,
  DECISION_DELAY_MS: '500',
  PAYOUT_SANDBOX_DELAY_MS: '500',
};

/** Bundles the server from its sources (apps/api/scripts/bundle-server.mjs): once per run, before any server starts. */
export function bundleServer(): void {
  execFileSync(process.execPath, [BUNDLER], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** The browser tests run against the built app; `npm run test:e2e` builds it first. */
export function assertWebBuilt(): void {
  if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(path.join(WEB_DIST, '.vite/manifest.json'))) {
    throw new Error(`No web build in ${WEB_DIST}: run \`npm run test:e2e\` (it builds first) or \`npm run build -w apps/web\`.`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`API server not healthy after ${START_TIMEOUT_MS} ms:\n${log()}`);
}

async function hook(baseUrl: string, method: string, hookPath: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${baseUrl}${hookPath}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${hookPath}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. a shorter OTP_RESEND_SECONDS for a journey). */
  env?: Record<string, string>;
}

/** A data folder to start from: what the project's global setup made, when it made one. */
function dataTemplate(): string | undefined {
  try {
    const template = inject('e2eDataTemplate');
    return template && existsSync(template) ? template : undefined;
  } catch {
    return undefined; // outside a vitest worker
  }
}

interface SpawnedServer {
  child: ChildProcess;
  baseUrl: string;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/** The run's folder of started servers (global-setup.ts), when there is one. */
function serversDir(): string | undefined {
  try {
    return inject('e2eServersDir');
  } catch {
    return undefined; // outside a vitest worker
  }
}

/**
 * Notes a started server (its process id and data folder) in the run's folder, so that the
 * run's teardown stops it even when the worker that started it ends without stopping it: a
 * pooled server outlives the file, and its worker may be ended by vitest at any point.
 */
function noteStarted(child: ChildProcess, dataDir: string): { remove(): void } {
  const dir = serversDir();
  if (!dir || child.pid === undefined) return { remove() {} };
  const file = path.join(dir, String(child.pid));
  writeFileSync(file, dataDir);
  return { remove: () => rmSync(file, { force: true }) };
}

/** Stops every server a note of the run's folder names and removes its data folder (the run's teardown). */
export function stopLeftServers(dir: string): number {
  let stopped = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) continue; // the pool's records (acquireServer)
    const dataDir = readFileSync(file, 'utf8');
    try {
      // The whole process group: the server and whatever it started (when servers ran under
      // tsx's launcher, killing only the first process left the server running with no parent).
      process.kill(-Number(name), 'SIGKILL');
      stopped += 1;
    } catch {
      // already gone
    }
    if (dataDir.startsWith(tmpdir())) {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.log`, { force: true });
    }
    rmSync(file, { force: true });
  }
  return stopped;
}

/** SIGKILL to the server's process group. */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** A port found free can be taken by another worker's server before ours listens: then try another. */
const START_ATTEMPTS = 3;

async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const logFile = `${dataDir}.log`;
    const out = openSync(logFile, 'w');
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST,
        ...(process.env.E2E_ADMIN_DIST ? { ADMIN_WEB_DIST: process.env.E2E_ADMIN_DIST } : {}),
        TEST_HOOKS: 'true',
        LOG_LEVEL: 'warn',
        // A server's own jobs run when they fall due, woken by the job plugin (sent, delayed or
        // retried); the poll finds only what another process queued. Every 500 ms it took 4.5 %
        // of a core per idle server, every 5 s 1.6 % (docs/benchmarks.md, 2026-11-30).
        JOB_POLLING_MS: '5000',
        ...env,
      },
      // Its output to a file, not a pipe: the server may outlive the worker that started it
      // (the pool, acquireServer), and a write to a pipe whose reader has gone would end it.
      stdio: ['ignore', out, out],
      // A process group of its own, so that a kill reaches whatever the server started.
      detached: true,
    });
    closeSync(out);
    const output = () => {
      try {
        return readFileSync(logFile, 'utf8').slice(-20_000);
      } catch {
        return '';
      }
    };
    const baseUrl = `http://127.0.0.1:${port}`;
    const note = noteStarted(child, dataDir);
    try {
      await waitForHealth(baseUrl, child, output);
    } catch (error) {
      killGroup(child);
      note.remove();
      if (attempt < START_ATTEMPTS && /EADDRINUSE/.test(output())) continue;
      throw error;
    }
    return {
      child,
      baseUrl,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          const timer = setTimeout(() => killGroup(child), 10_000);
          await exited;
          clearTimeout(timer);
        }
        note.remove();
        rmSync(logFile, { force: true });
      },
    };
  }
}

/** What a first start writes into the database follows from these (migrations, seed, what it imports, the packages). */
const TEMPLATE_INPUTS = ['apps/api/drizzle', 'apps/api/src/db', 'packages/contract/src', 'package-lock.json'];
const TEMPLATE_PREFIX = 'e2e-data-template-';

function templateKey(): string {
  const hash = createHash('sha256');
  const add = (full: string) => {
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(path.join(full, name));
    } else {
      hash.update(path.relative(REPO_ROOT, full)).update(readFileSync(full));
    }
  };
  for (const input of TEMPLATE_INPUTS) add(path.join(REPO_ROOT, input));
  // A start queues the day's jobs (reminders, overdue): a template serves the Taipei day it was made.
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date()));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The data folder servers start from: the real server started once on an empty folder
 * (database created, migrated and seeded, the job queue's schema installed) and stopped
 * cleanly. A server started on a copy runs the same start-up (migrations and seed are
 * idempotent) without creating a database, which is most of a first start's time. Kept in
 * the temporary folder under a key of what shapes it (TEMPLATE_INPUTS and the day), so a
 * run of one file reuses the last run's; made again when any of that changes.
 */
export async function makeDataTemplate(): Promise<string> {
  assertWebBuilt();
  const kept = path.join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  if (existsSync(path.join(kept, 'pglite'))) return kept;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-making-'));
  try {
    const server = await spawnServer(dataDir);
    await server.stop();
    if (server.child.exitCode !== 0) throw new Error(`the template server exited ${server.child.exitCode ?? server.child.signalCode}`);
    // Renamed whole: a run starting meanwhile never copies a half-made folder.
    renameSync(dataDir, kept);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    if (existsSync(path.join(kept, 'pglite'))) return kept; // another run made it first
    throw error;
  }
  // Templates of other keys, two days old: nothing starts from them any more.
  for (const name of readdirSync(tmpdir())) {
    const other = path.join(tmpdir(), name);
    if (name.startsWith(TEMPLATE_PREFIX) && other !== kept && Date.now() - statSync(other).mtimeMs > 2 * 86_400_000) {
      rmSync(other, { recursive: true, force: true });
    }
  }
  return kept;
}

/**
 * A server process on a new data folder: a copy of the run's data template when there is one
 * (the database as a first start leaves it), else empty (the server creates the database).
 * The folder is removed again when the server does not start.
 */
async function spawnOnTemplateCopy(env: Record<string, string> | undefined): Promise<{ spawned: SpawnedServer; dataDir: string }> {
  assertWebBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const template = dataTemplate();
  if (template) cpSync(template, dataDir, { recursive: true });
  try {
    return { spawned: await spawnServer(dataDir, env), dataDir };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Starts the real API server (a data folder of its own, test hooks on) serving the built
 * app. The folder is a copy of the run's data template when there is one (the database
 * as a first start leaves it), else empty (the server creates the database).
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const { spawned, dataDir } = await spawnOnTemplateCopy(options.env);
  return serverHandle(spawned.baseUrl, {
    running: () => spawned.child.exitCode === null && spawned.child.signalCode === null,
    async stop() {
      await spawned.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** What a test does with a running server, through its test hooks (any worker may hold it: only its address is needed). */
function serverHandle(baseUrl: string, process: { running(): boolean; stop(): Promise<void> }): TestServer {
  return {
    baseUrl,
    async setFault(apiPath, fault, times = 1) {
      await hook(baseUrl, 'POST', '/__test__/faults', { path: apiPath, fault, times });
    },
    async clearFaults() {
      await hook(baseUrl, 'DELETE', '/__test__/faults');
    },
    async setClockOffset(offsetMs) {
      await hook(baseUrl, 'POST', '/__test__/clock', { offsetMs });
    },
    async reset() {
      await hook(baseUrl, 'POST', '/__test__/reset');
    },
    async createOperator(username, role = 'administrator') {
      const response = await hook(baseUrl, 'POST', '/__test__/operators', { username, role });
      return ((await response.json()) as { enrolmentPath: string }).enrolmentPath;
    },
    get running() {
      return process.running();
    },
    async events(limit = 20) {
      const response = await hook(baseUrl, 'GET', `/__test__/events?limit=${limit}`);
      const json: unknown = await response.json();
      const list = Array.isArray(json) ? json : (json as { events?: unknown }).events;
      if (!Array.isArray(list)) throw new Error(`unexpected events answer: ${JSON.stringify(json)}`);
      return list as TrackedEvent[];
    },
    stop: () => process.stop(),
  };
}

/**
 * The servers of a run are shared by its workers (vitest.config.ts runs three browser test
 * files at a time, each worker its files one after the other). A file asking for a server
 * gets an idle one started with the same environment, whichever worker started it, reset to
 * how it started (`reset`: the database emptied and seeded again, no faults, the real time),
 * instead of a new process: that saves the start (a data folder copied, the server's modules
 * loaded, the OCR and face models loaded again on first use). Free servers stay running for
 * the next file, up to POOL_SIZE in all; the run's teardown stops them (global-setup.ts). A
 * server on a data folder of the test's own (`env.DATA_DIR`) is never shared.
 *
 * The pool is a folder of the run: a record per server (`<pid>.json`: its environment's key,
 * address and data folder) and, while a file uses it, a lock (`<pid>.lock`, made by mkdir,
 * which only one worker can do).
 *
 * POOL_SIZE leaves room for every environment of the run (seven keys, the default one up to
 * three times at once, FAST_JOBS_ENV twice): with 6, a run retired idle servers to make room
 * and started two of them again later (2026-11-30). A paused server keeps 0.4-1.0 GB resident
 * (1.0 with the card reader's and the face models loaded).
 */
const POOL_SIZE = 10;

interface PoolRecord {
  pid: number;
  key: string;
  baseUrl: string;
  dataDir: string;
}

function keyOf(options: StartServerOptions): string {
  return JSON.stringify(Object.entries(options.env ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}

function poolDir(): string | undefined {
  const dir = serversDir();
  if (!dir) return undefined;
  const pool = path.join(dir, 'pool');
  mkdirSync(pool, { recursive: true });
  return pool;
}

function poolRecords(pool: string): PoolRecord[] {
  return readdirSync(pool)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(path.join(pool, name), 'utf8')) as PoolRecord];
      } catch {
        return []; // being written or removed
      }
    });
}

/** Takes the record's lock: true when this worker now holds the server. */
function lock(pool: string, record: PoolRecord): boolean {
  try {
    mkdirSync(path.join(pool, `${record.pid}.lock`));
    return true;
  } catch {
    return false;
  }
}

function unlock(pool: string, pid: number): void {
  rmSync(path.join(pool, `${pid}.lock`), { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * An idle pooled server is paused (SIGSTOP to its process group) until a file takes it: its
 * job polling (then every 500 ms on FAST_JOBS_ENV, now every 5 s) took 7 % of a core per idle
 * server, on a machine whose two cores run three browsers and their servers (2026-11-28).
 */
function pause(pid: number): void {
  try {
    process.kill(-pid, 'SIGSTOP');
  } catch {
    // gone: the next file that takes its record finds it dead and retires it
  }
}

function resume(pid: number): void {
  try {
    process.kill(-pid, 'SIGCONT');
  } catch {
    // gone
  }
}

/** Stops a pooled server this worker holds (any worker may: the process group by its id) and forgets it. */
async function retire(pool: string, record: PoolRecord): Promise<void> {
  rmSync(path.join(pool, `${record.pid}.json`), { force: true });
  try {
    process.kill(-record.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  resume(record.pid); // a paused server takes its SIGTERM once continued
  for (let waited = 0; waited < 10_000 && alive(record.pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    process.kill(-record.pid, 'SIGKILL');
  } catch {
    // gone
  }
  rmSync(path.join(serversDir() ?? pool, String(record.pid)), { force: true });
  if (record.dataDir.startsWith(tmpdir())) rmSync(record.dataDir, { recursive: true, force: true });
  rmSync(`${record.dataDir}.log`, { force: true });
  unlock(pool, record.pid);
}

export async function acquireServer(options: StartServerOptions = {}): Promise<{ server: TestServer; release(): Promise<void> }> {
  const pool = options.env?.DATA_DIR === undefined ? poolDir() : undefined;
  if (!pool) {
    const server = await startServer(options);
    return { server, release: () => server.stop() };
  }
  const key = keyOf(options);
  const sameEnvironment = poolRecords(pool).filter((r) => r.key === key);
  // This worker's own servers first, the last one it gave back foremost: its browser keeps
  // pages for their addresses (browser.ts), reused by the file's tests instead of fresh contexts.
  const mineFirst = (r: PoolRecord) => (r.baseUrl === releasedByThisWorker.at(-1) ? 0 : releasedByThisWorker.includes(r.baseUrl) ? 1 : 2);
  for (const record of sameEnvironment.sort((a, b) => mineFirst(a) - mineFirst(b))) {
    if (!lock(pool, record)) continue;
    if (!alive(record.pid)) {
      await retire(pool, record);
      continue;
    }
    resume(record.pid);
    const server = serverHandle(record.baseUrl, { running: () => alive(record.pid), stop: () => retire(pool, record) });
    await server.reset();
    return { server, release: async () => releaseToPool(pool, record) };
  }
  // Room for one more: the first idle server of another environment goes.
  const others = poolRecords(pool);
  if (others.length >= POOL_SIZE) {
    for (const record of others) {
      if (lock(pool, record)) {
        await retire(pool, record);
        break;
      }
    }
  }
  const { spawned, dataDir } = await spawnOnTemplateCopy(options.env);
  const record: PoolRecord = { pid: spawned.child.pid ?? 0, key, baseUrl: spawned.baseUrl, dataDir };
  mkdirSync(path.join(pool, `${record.pid}.lock`));
  writeFileSync(path.join(pool, `${record.pid}.json.tmp`), JSON.stringify(record));
  renameSync(path.join(pool, `${record.pid}.json.tmp`), path.join(pool, `${record.pid}.json`));
  // The process outlives this worker's file: the run's teardown stops it (its note, spawnServer).
  spawned.child.unref();
  const server = serverHandle(record.baseUrl, { running: () => alive(record.pid), stop: () => retire(pool, record) });
  return { server, release: async () => releaseToPool(pool, record) };
}

/**
 * The addresses of the servers this worker has given back, the last one last: acquireServer
 * takes them first when idle. A worker's pages are kept per server address (a context's
 * base address is fixed), so a file on another server than the worker's last opens fresh
 * contexts: 52 in a run that took the first idle server in the pool's order (2026-11-30).
 */
const releasedByThisWorker: string[] = [];

/** Back to the pool after a file: paused, then free for the next file to take. */
function releaseToPool(pool: string, record: PoolRecord): void {
  pause(record.pid);
  unlock(pool, record.pid);
  const earlier = releasedByThisWorker.indexOf(record.baseUrl);
  if (earlier >= 0) releasedByThisWorker.splice(earlier, 1);
  releasedByThisWorker.push(record.baseUrl);
}
