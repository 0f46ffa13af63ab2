import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data folder a server has started on once and stopped (e2e/support/global-setup.ts). */
    e2eDataTemplate: string | undefined;
  }
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The built app the tests serve. E2E_WEB_DIST points a run at a build of its own (e.g.
 * `vite build --outDir /tmp/x`), away from the apps/web/dist other runs rebuild.
 */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/src/server.ts');
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
  stop(): Promise<void>;
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

/** A port found free can be taken by another worker's server before ours listens: then try another. */
const START_ATTEMPTS = 3;

async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const output: string[] = [];
    const child = spawn(TSX, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST,
        TEST_HOOKS: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(baseUrl, child, () => output.join(''));
    } catch (error) {
      child.kill('SIGKILL');
      if (attempt < START_ATTEMPTS && /EADDRINUSE/.test(output.join(''))) continue;
      throw error;
    }
    return {
      child,
      baseUrl,
      async stop() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
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
 * Starts the real API server (a data folder of its own, test hooks on) serving the built
 * app. The folder is a copy of the run's data template when there is one (the database
 * as a first start leaves it), else empty (the server creates the database).
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  assertWebBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const template = dataTemplate();
  if (template) cpSync(template, dataDir, { recursive: true });
  let spawned: SpawnedServer;
  try {
    spawned = await spawnServer(dataDir, options.env);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { baseUrl } = spawned;

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
    async events(limit = 20) {
      const response = await hook(baseUrl, 'GET', `/__test__/events?limit=${limit}`);
      const json: unknown = await response.json();
      const list = Array.isArray(json) ? json : (json as { events?: unknown }).events;
      if (!Array.isArray(list)) throw new Error(`unexpected events answer: ${JSON.stringify(json)}`);
      return list as TrackedEvent[];
    },
    async stop() {
      await spawned.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
