import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '@app/contract/paths.ts';

/**
 * `npm start` stops when the process a user started is told to: the real npm, the real
 * launcher (scripts/start.mjs) and the real server. The web build is skipped
 * (START_SKIP_WEB_BUILD=1, which only leaves out the build step; the launcher starts and
 * signals the server the same way) because the API does not need the built app to run.
 *
 * Exit code 0 is the proof that the database was closed: server.ts exits 0 only once
 * app.close() has resolved, and the db plugin closes the database in onClose.
 *
 * The starts share one data folder, as a user's do: the first migrates and seeds an empty
 * one (a first `npm start`), the next opens what the first left (about half the first's CPU).
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_DEADLINE_MS = 90_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const running: Started[] = [];

/** The data folder of every start here (DATA_DIR). */
let dataDir = '';
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-start-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A port the OS says is free right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/**
 * Runs `npm start` as a user would, in its own process group so that afterEach can end
 * whatever is left if an assertion fails. Logs are kept (a full pipe would stall the
 * child) and shown only when something goes wrong.
 */
async function npmStart(): Promise<Started> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      START_SKIP_WEB_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: '/nonexistent/web-dist',
      LOG_LEVEL: 'info',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: string) => {
    log = (log + chunk).slice(-8000);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started: Started = { child, baseUrl: `http://127.0.0.1:${port}`, port, exit, output: () => log };
  running.push(started);
  return started;
}

/** Bounded poll: true once GET /healthz answers 200. */
async function becomesHealthy(started: Started): Promise<boolean> {
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline && started.child.exitCode === null) {
    try {
      const response = await fetch(`${started.baseUrl}${HEALTH_PATH}`);
      if (response.status === 200) return true;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  return false;
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

afterEach(async () => {
  for (const started of running.splice(0)) {
    // The whole group, even when npm itself has exited: a server left behind by a failed
    // shutdown is exactly what this file tests for.
    if (started.child.pid !== undefined) {
      try {
        process.kill(-started.child.pid, 'SIGKILL');
      } catch {
        // Nothing left in the group.
      }
    }
    await started.exit;
  }
});

describe('npm start stops on a signal', () => {
  it('SIGTERM to the npm process: the server drains, closes the database and exits 0; the port is closed', async () => {
    const started = await npmStart();
    expect(await becomesHealthy(started), started.output()).toBe(true);

    // Only the npm process, as `kill <pid>` or a process manager would.
    started.child.kill('SIGTERM');
    const { code, signal } = await started.exit;

    expect({ code, signal }, started.output()).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain('"signal":"SIGTERM","msg":"shutting down"');
    expect(await acceptsConnections(started.port)).toBe(false);
  }, 120_000);

  it('Ctrl-C (SIGINT to the whole foreground group, twice): one clean shutdown, exit 0', async () => {
    const started = await npmStart();
    expect(await becomesHealthy(started), started.output()).toBe(true);
    const pid = started.child.pid;
    if (pid === undefined) throw new Error('no pid');

    // A terminal sends SIGINT to every process of the group (npm, launcher, server), and
    // npm and the launcher pass it on as well: the server sees it more than once.
    process.kill(-pid, 'SIGINT');
    process.kill(-pid, 'SIGINT');
    const { code, signal } = await started.exit;

    expect({ code, signal }, started.output()).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain('"signal":"SIGINT","msg":"shutting down"');
    expect(await acceptsConnections(started.port)).toBe(false);
  }, 120_000);
});
