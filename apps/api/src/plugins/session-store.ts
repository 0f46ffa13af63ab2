import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';

/**
 * The only code touching `sessions`. It also reads (never writes) the caller's row of
 * `users` in the same query: who is asking costs one round trip per request.
 */

/**
 * Raw tokens are 32 random bytes in base64url (43 characters). The anonymous blob is
 * standard base64 whose length is a multiple of 4, so the two can never be confused.
 */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A session's `last_seen_at` is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/** The logged-in caller: user, phone (null once the account is deleted) and session. */
export interface Caller {
  id: number;
  uuid: string;
  phone: string | null;
  sessionId: number;
}

/** Starts a session; the raw token goes to the client and is never stored. */
export async function createSession(options: { db: Db; userId: number; now: Date }): Promise<string> {
  const rawToken = randomBytes(32).toString('base64url');
  await options.db
    .insert(sessions)
    .values({ userId: options.userId, tokenHash: hashToken(rawToken), createdAt: options.now, lastSeenAt: options.now });
  return rawToken;
}

/**
 * The caller of an unrevoked session seen within the idle window, else null; keeps the
 * session alive (written at most once a minute, so a burst of requests writes once).
 */
const selectCaller = preparedPerDb((db) =>
  db
    .select({ id: users.id, uuid: users.uuid, phone: users.phone, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, sql.placeholder('seenAfter')),
      ),
    )
    .limit(1)
    .prepare('session_find_caller'),
);

export async function findCaller(options: { db: Db; rawToken: string; idleDays: number; now: Date }): Promise<Caller | null> {
  const { db, now } = options;
  if (!SESSION_TOKEN_PATTERN.test(options.rawToken)) return null;
  const [row] = await selectCaller(db).execute({
    tokenHash: hashToken(options.rawToken),
    seenAfter: new Date(now.getTime() - options.idleDays * 86_400_000),
  });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - TOUCH_EVERY_MS))));
  }
  return { id: row.id, uuid: row.uuid, phone: row.phone, sessionId: row.sessionId };
}

/**
 * Ends sessions: one (`sessionId`: logout), or every session of a user (`userId`),
 * optionally but one (`exceptSessionId`: the session that changed the password).
 * Pass a transaction as `db` to end them together with other changes.
 */
export async function endSessions(
  options: { db: Db; now: Date } & ({ sessionId: number } | { userId: number; exceptSessionId?: number }),
): Promise<void> {
  const { db, now } = options;
  const which =
    'sessionId' in options
      ? eq(sessions.id, options.sessionId)
      : and(
          eq(sessions.userId, options.userId),
          options.exceptSessionId === undefined ? undefined : ne(sessions.id, options.exceptSessionId),
        );
  await db.update(sessions).set({ revokedAt: now }).where(and(which, isNull(sessions.revokedAt)));
}

/** For the personal-data list: sessions still open and the latest login. */
export async function sessionSummary(options: { db: Db; userId: number }): Promise<{ active: number; lastLogin: Date | null }> {
  const [row] = await options.db
    .select({ active: count(), last: max(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), isNull(sessions.revokedAt)));
  return { active: row?.active ?? 0, lastLogin: row?.last ? new Date(row.last) : null };
}
