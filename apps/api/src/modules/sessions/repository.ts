import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export interface SessionUser {
  id: number;
  uuid: string;
}

export async function insertSession(db: Db, userId: number, tokenHash: string, now: Date): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, createdAt: now, lastSeenAt: now });
}

/**
 * The user of an unrevoked session seen within the idle window, else null. `now` comes
 * from the app's clock (not the database's), so tests move time instead of waiting.
 */
export async function findActiveSessionUser(
  db: Db,
  tokenHash: string,
  idleDays: number,
  now: Date,
): Promise<(SessionUser & { sessionId: number; lastSeenAt: Date }) | null> {
  const [row] = await db
    .select({ id: users.id, uuid: users.uuid, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleDays * 86_400_000)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Conditional, so a burst of requests writes the row at most once a minute. */
export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - 60_000))));
}

export async function revokeSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}
