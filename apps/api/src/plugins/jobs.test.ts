import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { testConfig } from '../test/test-server.ts';
import { textToSql } from './jobs.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

function queueName(what: string): string {
  return `test.${what}-${randomBytes(4).toString('hex')}`;
}

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function startApp() {
  return buildApp(testConfig({ JOB_POLLING_MS: '500' }), { database: database.handle });
}

describe('jobs plugin (pg-boss on the shared test database)', () => {
  it('turns pg-boss placeholders into Drizzle parameters, repeated ones included', async () => {
    const { rows } = (await database.handle.db.execute(
      textToSql('select $1::int + $2::int as sum, $1::text as again', [2, 3]),
    )) as unknown as {
      rows: { sum: number; again: string }[];
    };
    expect(rows[0]).toEqual({ sum: 5, again: '2' });
  });

  it('runs a sent job once the app is ready, with its data', async () => {
    const app = await startApp();
    const name = queueName('echo');
    const seen: { id: string; data: { n: number } }[] = [];
    await app.jobs.work<{ n: number }>(name, async (job) => {
      seen.push(job);
    });
    await app.ready();
    const id = await app.jobs.send({ name, data: { n: 7 } });
    expect(id).toEqual(expect.any(String));
    await until(async () => (seen.length > 0 ? true : undefined), 'the job');
    expect(seen).toEqual([{ id, data: { n: 7 } }]);
    await app.close();
  });

  it('keeps a second job with the same singleton key out while the first waits', async () => {
    const app = await startApp();
    const name = queueName('single');
    await app.jobs.work(name, async () => {}, { unique: true });
    await app.ready();
    const later = new Date(Date.now() + 60_000);
    const first = await app.jobs.send({ name, data: {}, startAfter: later, singletonKey: 'order-1' });
    const second = await app.jobs.send({ name, data: {}, startAfter: later, singletonKey: 'order-1' });
    const other = await app.jobs.send({ name, data: {}, startAfter: later, singletonKey: 'order-2' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
    await app.close();
  });

  it('enqueues inside a transaction only when it commits', async () => {
    const app = await startApp();
    const name = queueName('tx');
    const seen: string[] = [];
    await app.jobs.work<{ tag: string }>(name, async (job) => {
      seen.push(job.data.tag);
    });
    await app.ready();
    await app.db
      .transaction(async (tx) => {
        await app.jobs.send({ name, data: { tag: 'rolled back' }, db: tx });
        throw new Error('roll back');
      })
      .catch(() => {});
    await app.db.transaction(async (tx) => {
      await app.jobs.send({ name, data: { tag: 'committed' }, db: tx });
    });
    await until(async () => (seen.includes('committed') ? true : undefined), 'the committed job');
    const { rows } = (await app.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]?.n).toBe(1);
    expect(seen).toEqual(['committed']);
    await app.close();
  });

  it('queues a job delayed by seconds inside a transaction, and runs it once the delay has passed', async () => {
    const app = await startApp();
    const name = queueName('delay-tx');
    const seen: number[] = [];
    await app.jobs.work<{ n: number }>(name, async (job) => {
      seen.push(job.data.n);
    });
    await app.ready();
    const sentAt = Date.now();
    const id = await app.db.transaction(async (tx) => app.jobs.send({ name, data: { n: 1 }, delaySeconds: 1, db: tx }));
    expect(id).not.toBeNull();
    const { rows } = (await app.db.execute(
      sql`select extract(epoch from start_after) * 1000 as start from pgboss.job where name = ${name}`,
    )) as unknown as { rows: { start: string }[] };
    expect(Number(rows[0]?.start)).toBeGreaterThanOrEqual(sentAt + 1000);
    await until(async () => (seen.length > 0 ? true : undefined), 'the delayed job');
    expect(seen).toEqual([1]);
    await app.close();
  });

  it('retries a job whose handler throws', async () => {
    const app = await startApp();
    const name = queueName('retry');
    let runs = 0;
    await app.jobs.work(name, async () => {
      runs += 1;
      if (runs === 1) throw new Error('first run fails');
    });
    await app.ready();
    await app.jobs.send({ name, data: {}, retryDelaySeconds: 0 });
    await until(async () => (runs >= 2 ? true : undefined), 'the retry');
    expect(runs).toBe(2);
    await app.close();
  });

  it('runs a retry when it falls due, without waiting for a poll', async () => {
    // Polling every ten minutes: only the wake-up at the retry's due time can run it in time.
    const app = await buildApp(testConfig({ JOB_POLLING_MS: '600000' }), { database: database.handle });
    const name = queueName('retry-woken');
    let runs = 0;
    await app.jobs.work(name, async () => {
      runs += 1;
      if (runs === 1) throw new Error('first run fails');
    });
    await app.ready();
    // pg-boss's backoff makes the first retry due 4-8 s after the failure: after the last
    // wake-up that the send itself scheduled (3 s), so only the retry's own wake-up runs it.
    await app.jobs.send({ name, data: {}, retryDelaySeconds: 4 });
    await until(async () => (runs >= 2 ? true : undefined), 'the retry');
    expect(runs).toBe(2);
    await app.close();
  });

  it('runs each job once when two instances work the same queue', async () => {
    const name = queueName('shared');
    const runs: { app: string; n: number }[] = [];
    const apps = [await startApp(), await startApp()];
    for (const [index, app] of apps.entries()) {
      await app.jobs.work<{ n: number }>(name, async (job) => {
        runs.push({ app: `app${index}`, n: job.data.n });
        // Long enough that the other instance polls while this one holds a job.
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      await app.ready();
    }
    for (let n = 0; n < 20; n += 1) await apps[n % 2]!.jobs.send({ name, data: { n } });
    await until(async () => (runs.length >= 20 ? true : undefined), 'every job');
    // A moment more: a job run twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs.map((run) => run.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    for (const app of apps) await app.close();
  });

  it('keeps a delayed job across a restart: the next app on the same database runs it', async () => {
    const name = queueName('restart');
    const first = await startApp();
    await first.jobs.work(name, async () => {
      throw new Error('the first app must not run it');
    });
    await first.ready();
    const id = await first.jobs.send({ name, data: { orderId: 42 }, startAfter: new Date(Date.now() + 1500) });
    await first.close();

    const second = await startApp();
    const seen: { id: string; data: { orderId: number } }[] = [];
    await second.jobs.work<{ orderId: number }>(name, async (job) => {
      seen.push(job);
    });
    await second.ready();
    await until(async () => (seen.length > 0 ? true : undefined), 'the job after the restart');
    expect(seen).toEqual([{ id, data: { orderId: 42 } }]);
    await second.close();
  });
});
