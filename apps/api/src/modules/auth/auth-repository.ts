import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { userCredentials } from '../../db/schema/auth.ts';

/** The only code touching `user_credentials`. */

const passwordHashOf = preparedPerDb((db) =>
  db
    .select({ hash: userCredentials.passwordHash })
    .from(userCredentials)
    .where(eq(userCredentials.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('auth_password_hash'),
);

/**
 * "The user has a password" as an SQL condition on `userId` (a column or a placeholder),
 * so a caller can ask it together with other owners' flags in one round trip.
 */
export function passwordSetCondition(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userCredentials} where ${userCredentials.userId} = ${userId})`;
}

export async function selectPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await passwordHashOf(db).execute({ userId });
  return row?.hash ?? null;
}

/** False when the user already has a password. */
export async function insertFirstPassword(db: Db, userId: number, passwordHash: string): Promise<boolean> {
  const [created] = await db
    .insert(userCredentials)
    .values({ userId, passwordHash })
    .onConflictDoNothing({ target: userCredentials.userId })
    .returning({ userId: userCredentials.userId });
  return created !== undefined;
}

export async function upsertPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db
    .insert(userCredentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({ target: userCredentials.userId, set: { passwordHash, updatedAt: sql`now()` } });
}

export async function deleteCredentials(db: Db, userId: number): Promise<void> {
  await db.delete(userCredentials).where(eq(userCredentials.userId, userId));
}
