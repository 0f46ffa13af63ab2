import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export interface SessionUser {
  id: number;
  uuid: string;
}

export async function insertSession(db: Db, userId: number, tokenHash: string): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash });
}

/** The user of an unrevoked session seen within the idle window, else null. */
export async function findActiveSessionUser(
  db: Db,
  tokenHash: string,
  idleDays: number,
): Promise<(SessionUser & { sessionId: number; lastSeenAt: Date }) | null> {
  const [row] = await db
    .select({ id: users.id, uuid: users.uuid, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, sql`now() - make_interval(days => ${idleDays})`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Conditional, so a burst of requests writes the row at most once a minute. */
export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

export async function revokeSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}
