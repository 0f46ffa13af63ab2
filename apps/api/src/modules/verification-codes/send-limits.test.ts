import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, STATUS_OK } from '@app/contract/envelope.ts';
import { CODE_RESEND_WAIT, CODE_SEND_LIMIT } from '@app/contract/messages/accounts.ts';
import { atRestKeysOf } from '../../db/at-rest.ts';
import { verificationCodes } from '../../db/schema.ts';
import { phoneIndex } from '../../db/sealed-tables.ts';
import {
  HOUR,
  ManualClock,
  SECOND,
  loginWithCode,
  randomMobile,
  startAccountsServer,
  type AccountsServer,
} from '../../test/accounts-test-kit.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';

let database: TestDatabase;
const servers: AccountsServer[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await database?.dispose();
});

async function freshServer(options: Parameters<typeof startAccountsServer>[1] = {}): Promise<AccountsServer> {
  const server = await startAccountsServer(database.handle, options);
  servers.push(server);
  return server;
}

const sent = { status: STATUS_OK, message: '', body: { resendAfterSeconds: 60, expiresInSeconds: 300 } };
const refusal = (message: string) => ({ status: STATUS_ERROR, message, body: null });

async function send(server: AccountsServer, mobile: string, purpose = 'login', headers: Record<string, string> = {}) {
  return (await server.client.call(ENDPOINTS.sendVerifyCode, { mobile, purpose }, headers)).envelope;
}

async function outboxCount(server: AccountsServer, mobile: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/__test__/sms-outbox?mobile=${mobile}`);
  return ((await response.json()) as unknown[]).length;
}

describe('send limits', () => {
  it('asks to wait 60 s before another code to the same number', async () => {
    const server = await freshServer();
    const mobile = randomMobile();
    expect(await send(server, mobile)).toEqual(sent);
    server.clock.advance(59 * SECOND);
    expect(await send(server, mobile)).toEqual(refusal(CODE_RESEND_WAIT));
    server.clock.advance(1 * SECOND);
    expect(await send(server, mobile)).toEqual(sent);
    expect(await outboxCount(server, mobile)).toBe(2);
  });

  it('sends at most 5 codes per number per hour', async () => {
    const server = await freshServer();
    const mobile = randomMobile();
    for (let i = 0; i < 5; i += 1) {
      expect(await send(server, mobile)).toEqual(sent);
      server.clock.advance(61 * SECOND);
    }
    expect(await send(server, mobile)).toEqual(refusal(CODE_SEND_LIMIT));
    expect(await outboxCount(server, mobile)).toBe(5);
    // The window slides: an hour after the first send, one more is allowed.
    server.clock.advance(HOUR - 5 * 61 * SECOND);
    expect(await send(server, mobile)).toEqual(sent);
  });

  it('sends at most 20 codes per client address per hour, whatever the numbers', async () => {
    const server = await freshServer();
    for (let i = 0; i < 20; i += 1) expect(await send(server, randomMobile())).toEqual(sent);
    const refusedNumber = randomMobile();
    expect(await send(server, refusedNumber)).toEqual(refusal(CODE_SEND_LIMIT));
    expect(await outboxCount(server, refusedNumber)).toBe(0);
    server.clock.advance(HOUR);
    expect(await send(server, randomMobile())).toEqual(sent);
  });

  it('holds the address limit when 50 requests for different numbers arrive at once', async () => {
    const server = await freshServer();
    const numbers = Array.from({ length: 50 }, () => randomMobile());
    const answers = await Promise.all(numbers.map((mobile) => send(server, mobile)));
    expect(answers.filter((a) => a?.status === STATUS_OK)).toHaveLength(20);
    expect(answers.filter((a) => a?.message === CODE_SEND_LIMIT)).toHaveLength(30);
    const rows = await database.handle.db
      .select()
      .from(verificationCodes)
      .where(
        inArray(
          verificationCodes.phoneHash,
          numbers.map((mobile) => phoneIndex(atRestKeysOf(database.handle.db), mobile)),
        ),
      );
    expect(rows).toHaveLength(20);
  });

  it('sends one code when 30 requests for the same number arrive at once', async () => {
    const server = await freshServer();
    const mobile = randomMobile();
    const answers = await Promise.all(Array.from({ length: 30 }, () => send(server, mobile)));
    expect(answers.filter((a) => a?.status === STATUS_OK)).toHaveLength(1);
    expect(answers.filter((a) => a?.message === CODE_RESEND_WAIT)).toHaveLength(29);
    expect(await outboxCount(server, mobile)).toBe(1);
  });

  it('holds the address limit across two API instances sharing Redis', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const clock = new ManualClock();
    const limiterPrefix = `test:shared:${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL: redisUrl };
    const one = await freshServer({ clock, limiterPrefix, env });
    const two = await freshServer({ clock, limiterPrefix, env });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 ? one : two, randomMobile())));
    expect(answers.filter((a) => a?.status === STATUS_OK)).toHaveLength(20);
    // The per-number resend wait is shared too.
    const mobile = randomMobile();
    clock.advance(HOUR);
    expect(await send(one, mobile)).toEqual(sent);
    expect(await send(two, mobile)).toEqual(refusal(CODE_RESEND_WAIT));
    // Redis holds counters under pseudonyms, not the numbers or addresses that asked.
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${limiterPrefix}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes(mobile) || key.includes('127.0.0.1'))).toEqual([]);
    } finally {
      await redis.quit();
    }
  });
});

describe('the SMS outbox test hook', () => {
  it('does not exist without TEST_HOOKS', async () => {
    const server = await freshServer({ env: { TEST_HOOKS: 'false' } });
    const mobile = randomMobile();
    expect(await send(server, mobile)).toEqual(sent);
    expect((await fetch(`${server.baseUrl}/__test__/sms-outbox?mobile=${mobile}`)).status).toBe(404);
  });
});

describe('the answer does not tell whether a number is registered', () => {
  it('answers a registered and an unknown number alike, for login codes', async () => {
    const server = await freshServer();
    const registered = randomMobile();
    await loginWithCode(server, registered);
    server.clock.advance(61 * SECOND);
    const unknown = randomMobile();
    expect(await send(server, registered)).toEqual(sent);
    expect(await send(server, unknown)).toEqual(sent);
    // Refusals are alike too.
    expect(await send(server, registered)).toEqual(refusal(CODE_RESEND_WAIT));
    expect(await send(server, unknown)).toEqual(refusal(CODE_RESEND_WAIT));
  });

  it("answers destroy and password requests alike, but only sends to the caller's own number", async () => {
    const server = await freshServer();
    const own = randomMobile();
    const other = randomMobile();
    const me = await loginWithCode(server, own);
    await loginWithCode(server, other);
    const unknown = randomMobile();
    server.clock.advance(61 * SECOND);
    const before = { own: await outboxCount(server, own), other: await outboxCount(server, other) };

    for (const purpose of ['destroy', 'password']) {
      expect(await send(server, own, purpose, me.headers)).toEqual(sent);
      expect(await send(server, other, purpose, me.headers)).toEqual(sent);
      expect(await send(server, unknown, purpose, me.headers)).toEqual(sent);
      // Logged out: the same answer, nothing sent.
      server.clock.advance(61 * SECOND);
      expect(await send(server, other, purpose)).toEqual(sent);
      server.clock.advance(61 * SECOND);
    }
    expect(await outboxCount(server, own)).toBe(before.own + 2);
    expect(await outboxCount(server, other)).toBe(before.other);
    expect(await outboxCount(server, unknown)).toBe(0);
  });
});
