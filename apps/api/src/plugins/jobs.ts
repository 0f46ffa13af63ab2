import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../db/client.ts';
import { safeError } from './safe-error.ts';

/**
 * Durable background work on the same database (pg-boss 10, the line that runs on
 * Node 20): a job is a row in the `pgboss` schema, so it survives a restart, runs once
 * across N instances (workers claim with FOR UPDATE SKIP LOCKED) and is retried when its
 * handler throws. Never an in-process timer.
 *
 * On PGlite pg-boss speaks through its `db: { executeSql }` option: statements without
 * parameters (its multi-statement schema install) go through PGlite's `exec`, the others
 * through `query`. On PostgreSQL it shares the app's pool.
 */

export interface SendJobOptions<T extends object> {
  /** The queue, `<module>.<what>` (e.g. `payments.sandbox-notify`). */
  name: string;
  data: T;
  /** Not before this moment (a delayed job). */
  startAfter?: Date;
  /**
   * Not before this many seconds after it is queued, counted by the machine's clock, not the
   * app clock: for a delay that must not move when the app clock is moved (tests, the clock hook).
   */
  delaySeconds?: number;
  /**
   * On a queue worked with `{ unique: true }`: at most one job with this key waits at a
   * time (a second send answers null). Ignored on other queues.
   */
  singletonKey?: string;
  /** Retries after a failed run (default 5), `retryDelaySeconds` apart (default 5, doubling). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * A transaction to enqueue in: the job exists only if it commits (never sent for a
   * change that was rolled back). Without it, the app's database.
   */
  db?: Db;
}

export interface Job<T> {
  id: string;
  data: T;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface WorkOptions {
  /**
   * Every job of the queue carries a `singletonKey`, and one per key waits at a time
   * (pg-boss's `short` policy; a job without a key would share the empty key).
   */
  unique?: boolean;
}

export interface JobQueue {
  /** The job's id, or null when a job with the same `singletonKey` already waits. */
  send<T extends object>(options: SendJobOptions<T>): Promise<string | null>;
  /**
   * Runs `handler` for each job of the queue, from when the app is ready until it closes.
   * A handler that throws fails the run (retried); handlers must be idempotent, since a
   * job whose instance dies mid-run runs again. Its queue is created when the app is
   * ready, before anything can be sent.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Throws unless the queue is started and its tables answer (readiness). */
  ping(): Promise<void>;
  /** Jobs per queue and state (created, retry, active, failed…), for the metrics. */
  counts(): Promise<Array<{ queue: string; state: string; count: number }>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  handle: DatabaseHandle;
  /** How often an idle worker looks for due jobs (pg-boss: at least 500 ms). */
  pollingMs: number;
}

/** pg-boss's `db` adapter: `text` with `$n` placeholders and its values. */
type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

function pgliteExecutor(handle: DatabaseHandle): ExecuteSql {
  const pglite = handle.pglite;
  if (!pglite) throw new Error('a PGlite handle without its PGlite');
  return async (text, values) => {
    if (values && values.length > 0) {
      const result = await pglite.query(text, values);
      return { rows: result.rows };
    }
    const results = await pglite.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

function poolExecutor(handle: DatabaseHandle): ExecuteSql {
  const pool = handle.pool;
  if (!pool) throw new Error('a PostgreSQL handle without its pool');
  return async (text, values) => {
    if (values && values.length > 0) {
      const result = await pool.query(text, values);
      return { rows: result.rows };
    }
    // Multi-statement scripts (schema install, migrations) open their own transaction: one
    // that fails (two instances installing at once: pg-boss expects and ignores that) must
    // not go back to the shared pool still open and aborted.
    const client = await pool.connect();
    try {
      const result = (await client.query(text)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
}

/** `$1`…`$n` of pg-boss's text as Drizzle parameters, so the statement runs on a Drizzle transaction. */
export function textToSql(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // pg-boss leaves optional values undefined: they are NULLs, not missing parameters.
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function drizzleExecutor(db: Db): ExecuteSql {
  return async (text, values = []) => {
    const result = (await db.execute(textToSql(text, values))) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  };
}

/**
 * When this instance's workers are woken after a send: at the job's due time and a little
 * after it (a job sent inside a transaction becomes visible only when that commits, a
 * moment later, or seconds later on a loaded machine). A wake-up is one fetch; a worker
 * busy with a job fetches again as soon as it is done.
 */
const WAKE_AFTER_DUE_MS = [0, 25, 100, 250, 1000, 3000];
/**
 * After a run failed, when to read the job back for its retry's due time: pg-boss records the
 * failure once the handler's promise has settled, and its backoff draws the delay at random.
 */
const RETRY_LOOKUP_AFTER_MS = [25, 100, 250, 1000];
/** A job due later than this is left to the workers' polling (no timer held for it). */
const WAKE_HORIZON_MS = 60_000;

/** Key of the session advisory lock that serializes the job queue's start-up across instances. */
const START_LOCK_KEY = 734_211_003; // after db/migrate.ts (…001) and db/seed.ts (…002)

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so instances starting together
 * install pg-boss's schema and create its queues one after the other: pg-boss 10's
 * create_queue takes no lock of its own, and two instances creating queues at once
 * deadlock (seen with two processes on a fresh database). PGlite has one process.
 */
async function serializedAcrossInstances(handle: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  if (!handle.pool) return work();
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { handle, pollingMs }) => {
    const executeSql = handle.kind === 'pglite' ? pgliteExecutor(handle) : poolExecutor(handle);
    const boss = new PgBoss({
      db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
      // Maintenance (archiving, expiry) and cron monitoring: every instance may run it,
      // pg-boss serializes it with an advisory lock.
      supervise: true,
      schedule: true,
      migrate: true,
    });
    // An emitted 'error' without a listener would end the process; the message only
    // (pg errors may carry row values).
    boss.on('error', (error) => app.log.error({ error: safeError(error) }, 'job queue error'));
    // Started when the app is ready (schema installed, queues created, workers polling), so
    // an app whose build fails leaves nothing running behind it.
    let started = false;

    const createdQueues = new Set<string>();
    async function ensureQueue(name: string, options: WorkOptions = {}): Promise<void> {
      if (createdQueues.has(name)) return;
      // pg-boss 10 needs the queue to exist before send or work.
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: options.unique ? 'short' : 'standard' });
      createdQueues.add(name);
    }

    const workers: { name: string; handler: JobHandler<object>; options: WorkOptions }[] = [];
    /** pg-boss's ids of this instance's workers, by queue. */
    const workerIds = new Map<string, string[]>();
    const wakeTimers = new Set<NodeJS.Timeout>();
    let closing = false;

    /**
     * Wakes this instance's workers of `name` when a job there falls due, rather than at
     * their next poll (JOB_POLLING_MS, at least 500 ms): a job sent here runs at once when
     * due. Other instances find it by polling, as before.
     */
    function wakeWorkers(name: string, dueInMs: number): void {
      if (closing || dueInMs > WAKE_HORIZON_MS || !workerIds.has(name)) return;
      for (const extra of WAKE_AFTER_DUE_MS) {
        const timer = setTimeout(
          () => {
            wakeTimers.delete(timer);
            for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
          },
          Math.max(0, dueInMs) + extra,
        );
        timer.unref();
        wakeTimers.add(timer);
      }
    }

    /**
     * Wakes this instance's workers when the retry of a failed run falls due, read from the
     * job's row once pg-boss has recorded the failure; a job out of retries is left alone.
     */
    async function wakeForRetry(name: string, id: string): Promise<void> {
      for (const waitMs of RETRY_LOOKUP_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
        if (closing) return;
        const { rows } = await executeSql('select state, start_after from pgboss.job where name = $1 and id = $2', [name, id]);
        const row = rows[0] as { state: string; start_after: Date | string } | undefined;
        if (row === undefined || row.state === 'failed' || row.state === 'completed') return;
        if (row.state === 'retry') return wakeWorkers(name, new Date(row.start_after).getTime() - Date.now());
      }
    }

    async function startWorker(name: string, handler: JobHandler<object>): Promise<void> {
      const id = await boss.work<object>(name, { pollingIntervalSeconds: pollingMs / 1000, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await handler({ id: job.id, data: job.data });
        } catch (error) {
          app.log.warn({ queue: name, jobId: job.id, error: safeError(error) }, 'job failed (retried while retries remain)');
          wakeForRetry(name, job.id).catch((lookupError: unknown) =>
            app.log.warn({ queue: name, jobId: job.id, error: safeError(lookupError) }, 'could not read the retry of a failed job'),
          );
          throw error;
        }
      });
      workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
    }

    const jobs: JobQueue = {
      async send({ name, data, startAfter, delaySeconds, singletonKey, retryLimit = 5, retryDelaySeconds = 5, db }) {
        if (!started) throw new Error(`jobs: ${name} sent before the app is ready`);
        // Inside a transaction on PGlite (one connection) a query outside it would wait for
        // it: the queue must exist already (its worker's registration created it).
        if (!db) await ensureQueue(name);
        // A delay becomes a moment by this machine's clock (never the app clock a test moves).
        // Not pg-boss's own seconds: it binds that number to a parameter PostgreSQL types as a
        // time, which fails ("invalid input syntax for type timestamp") when the job is queued
        // in a transaction (a payout failure's SMS at night, 2026-11-28).
        const notBefore = delaySeconds ? new Date(Date.now() + delaySeconds * 1000) : startAfter;
        const id = await boss.send(name, data, {
          ...(notBefore ? { startAfter: notBefore } : {}),
          ...(singletonKey ? { singletonKey } : {}),
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          ...(db ? { db: { executeSql: drizzleExecutor(db) as PgBoss.Db['executeSql'] } } : {}),
        });
        if (id !== null) wakeWorkers(name, notBefore ? notBefore.getTime() - Date.now() : 0);
        return id;
      },
      async ping() {
        if (!started) throw new Error('job queue not started');
        await executeSql('select 1 from pgboss.version limit 1', []);
      },
      async counts() {
        const result = await executeSql('select name, state, count(*)::int as count from pgboss.job group by name, state', []);
        return (result.rows as Array<{ name: string; state: string; count: number }>).map((row) => ({
          queue: row.name,
          state: row.state,
          count: Number(row.count),
        }));
      },
      async work(name, handler, options = {}) {
        const entry = { name, handler: handler as JobHandler<object>, options };
        workers.push(entry);
        // Registered after start-up (a test's extra worker): runs at once.
        if (started) {
          await ensureQueue(name, options);
          await startWorker(name, entry.handler);
        }
      },
    };
    app.decorate('jobs', jobs);
    app.metrics.databaseGauge({
      name: 'job_queue_jobs',
      help: 'Jobs per queue and state (created and retry wait; failed ran out of retries).',
      labelNames: ['queue', 'state'],
      read: async () =>
        started ? (await jobs.counts()).map((row) => ({ labels: { queue: row.queue, state: row.state }, value: row.count })) : [],
    });

    // Workers start when the app is ready (routes registered, about to listen), so a job
    // never runs against a half-built app.
    app.addHook('onReady', async () => {
      await serializedAcrossInstances(handle, async () => {
        await boss.start();
        // Every worked queue exists before anything is sent (a send inside a transaction relies on it).
        for (const { name, options } of workers) await ensureQueue(name, options);
      });
      started = true;
      for (const { name, handler } of workers) await startWorker(name, handler);
    });
    // Registered after the db plugin, so closed before the database (onClose runs last-in first-out).
    app.addHook('onClose', async () => {
      closing = true;
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      if (!started) return;
      // Waits for running handlers (up to 10 s); a job cut off is failed and runs again.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    });
  },
  { name: 'jobs', dependencies: ['db', 'metrics'] },
);
