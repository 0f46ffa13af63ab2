import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZRequestIdSchema } from '@app/contract/schemas/common.ts';
import { STATUS_ERROR, STATUS_OK } from '@app/contract/envelope.ts';
import { NOT_FOUND_CONFIG } from '@app/contract/messages/request-errors.ts';
import { appConfigs, users } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { createSession } from './session-store.ts';
import { testServerPerFile } from '../test/test-server.ts';

/** A test-only money-like path: each run increments a counter row and says when it ran. */
const INCREMENT = { method: 'POST', path: '/api/v3/test/increment', auth: false } as const;
const ZIncrementRequestSchema = z.object({ requestId: ZRequestIdSchema, counter: z.string(), fail: z.boolean().optional() });

const { database, server } = testServerPerFile({
  register(app) {
    app.endpoint(
      { ...INCREMENT, request: ZIncrementRequestSchema, response: z.object({ count: z.number(), ranAt: z.string() }) },
      async ({ counter, fail }, { db }) => {
        const [row] = await db
          .insert(appConfigs)
          .values({ key: counter, value: '1' })
          .onConflictDoUpdate({ target: appConfigs.key, set: { value: sql`(${appConfigs.value}::int + 1)::text` } })
          .returning({ value: appConfigs.value });
        if (fail) throw new AppError('BUSINESS_RULE', { userMessage: NOT_FOUND_CONFIG });
        return { count: Number(row?.value), ranAt: `${new Date().toISOString()}#${Math.random()}` };
      },
    );
  },
});

async function counterValue(key: string): Promise<number> {
  const [row] = await database.handle.db.select({ value: appConfigs.value }).from(appConfigs).where(eq(appConfigs.key, key));
  return row ? Number(row.value) : 0;
}

function anonymousToken(deviceId: string): string {
  return server.client.cipher.encrypt(JSON.stringify({ deviceId, sourceChannel: 'Organic' }));
}

describe('requestId idempotency', () => {
  it('20 simultaneous copies run once and all get the first answer', async () => {
    const payload = { requestId: 'race-0001-abcdef', counter: 'counter-race' };
    const headers = { token: anonymousToken('device-race-1') };
    const results = await Promise.all(Array.from({ length: 20 }, () => server.client.call(INCREMENT, payload, headers)));
    expect(results.every((result) => result.httpStatus === 200)).toBe(true);
    const first = results[0]?.envelope;
    expect(first?.status).toBe(STATUS_OK);
    expect(first?.body).toMatchObject({ count: 1 });
    for (const result of results) expect(result.envelope).toEqual(first);
    expect(await counterValue('counter-race')).toBe(1);

    // Later repeats too.
    expect((await server.client.call(INCREMENT, payload, headers)).envelope).toEqual(first);
    expect(await counterValue('counter-race')).toBe(1);
  });

  it('20 simultaneous copies from a logged-in user run once', async () => {
    const [user] = await database.handle.db.insert(users).values({}).returning();
    const token = await createSession({ db: database.handle.db, userId: user!.id, now: new Date() });
    const payload = { requestId: 'race-user-0001', counter: 'counter-user' };
    const results = await Promise.all(Array.from({ length: 20 }, () => server.client.call(INCREMENT, payload, { token })));
    const first = results[0]?.envelope;
    for (const result of results) expect(result.envelope).toEqual(first);
    expect(await counterValue('counter-user')).toBe(1);
  });

  it('another requestId, or the same one from another caller, runs again', async () => {
    const headers = { token: anonymousToken('device-two-1') };
    await server.client.call(INCREMENT, { requestId: 'two-0000001', counter: 'counter-two' }, headers);
    await server.client.call(INCREMENT, { requestId: 'two-0000002', counter: 'counter-two' }, headers);
    await server.client.call(INCREMENT, { requestId: 'two-0000002', counter: 'counter-two' }, { token: anonymousToken('device-two-2') });
    expect(await counterValue('counter-two')).toBe(3);
  });

  it('a refused request stores nothing and changes nothing, so a retry runs', async () => {
    const headers = { token: anonymousToken('device-fail-1') };
    const failed = await server.client.call(INCREMENT, { requestId: 'fail-0000001', counter: 'counter-fail', fail: true }, headers);
    expect(failed.envelope).toEqual({ status: STATUS_ERROR, message: NOT_FOUND_CONFIG, body: null });
    expect(await counterValue('counter-fail')).toBe(0);
    const retried = await server.client.call(INCREMENT, { requestId: 'fail-0000001', counter: 'counter-fail' }, headers);
    expect(retried.envelope?.body).toMatchObject({ count: 1 });
  });
});
