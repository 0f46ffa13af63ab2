import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { SESSION_EXPIRED } from '@app/contract/messages/request-errors.ts';
import { sessions, users } from '../db/schema.ts';
import { createSession, hashToken } from './session-store.ts';
import { testServerPerFile } from '../test/test-server.ts';

const PROTECTED = { method: 'POST', path: '/api/v3/test/protected', auth: true } as const;

const { database, server } = testServerPerFile({
  register(app) {
    app.endpoint({ ...PROTECTED, request: z.object({}), response: z.object({ uuid: z.string() }) }, async (_payload, ctx) => ({
      uuid: ctx.requireUser().uuid,
    }));
  },
});
let userId: number;
let userUuid: string;

beforeAll(async () => {
  const [user] = await database.handle.db.insert(users).values({}).returning();
  if (!user) throw new Error('no user');
  userId = user.id;
  userUuid = user.uuid;
});

const relogin = { status: STATUS_RELOGIN, message: SESSION_EXPIRED, body: null };

describe('protected paths', () => {
  it('answer envelope 301 without a token', async () => {
    expect((await server.client.call(PROTECTED, {})).envelope).toEqual(relogin);
  });

  it('answer 301 for an unknown token, and before looking at the payload', async () => {
    const forged = 'A'.repeat(43);
    expect((await server.client.call(PROTECTED, {}, { token: forged })).envelope).toEqual(relogin);
    expect((await server.client.raw('POST', PROTECTED.path, 'garbage', { token: forged })).envelope).toEqual(relogin);
  });

  it('answer 301 for an anonymous device blob', async () => {
    const blob = server.client.cipher.encrypt(JSON.stringify({ deviceId: 'device-123456', sourceChannel: 'Organic' }));
    expect((await server.client.call(PROTECTED, {}, { token: blob })).envelope).toEqual(relogin);
  });

  it('let a valid session through, with req.user set', async () => {
    const token = await createSession({ db: database.handle.db, userId, now: new Date() });
    const result = await server.client.call(PROTECTED, {}, { token });
    expect(result.envelope).toEqual({ status: STATUS_OK, message: '', body: { uuid: userUuid } });
  });

  it('store only the SHA-256 of the token', async () => {
    const token = await createSession({ db: database.handle.db, userId, now: new Date() });
    const rows = await database.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await database.handle.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('answer 301 after the session is revoked', async () => {
    const token = await createSession({ db: database.handle.db, userId, now: new Date() });
    await database.handle.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await server.client.call(PROTECTED, {}, { token })).envelope).toEqual(relogin);
  });

  it('answer 301 after SESSION_IDLE_DAYS without use, and 200 just inside the window', async () => {
    const idle = await createSession({ db: database.handle.db, userId, now: new Date() });
    const recent = await createSession({ db: database.handle.db, userId, now: new Date() });
    await database.handle.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.tokenHash, hashToken(idle)));
    await database.handle.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '29 days'` })
      .where(eq(sessions.tokenHash, hashToken(recent)));
    expect((await server.client.call(PROTECTED, {}, { token: idle })).envelope).toEqual(relogin);
    expect((await server.client.call(PROTECTED, {}, { token: recent })).envelope?.status).toBe(STATUS_OK);
  });

  it('moves last_seen_at forward when a session is used after a while', async () => {
    const token = await createSession({ db: database.handle.db, userId, now: new Date() });
    await database.handle.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 days'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await server.client.call(PROTECTED, {}, { token });
    const [row] = await database.handle.db
      .select({ recent: sql<boolean>`${sessions.lastSeenAt} > now() - interval '1 hour'` })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.recent).toBe(true);
  });

  it('leaves last_seen_at alone when the session was seen within the last minute', async () => {
    const token = await createSession({ db: database.handle.db, userId, now: new Date() });
    const seenAt = new Date(Date.now() - 30_000);
    await database.handle.db
      .update(sessions)
      .set({ lastSeenAt: seenAt })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await server.client.call(PROTECTED, {}, { token })).envelope?.status).toBe(200);
    const [row] = await database.handle.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.lastSeenAt.getTime()).toBe(seenAt.getTime());
  });
});
