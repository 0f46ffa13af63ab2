import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { atRestKeysOf } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/verification-codes.ts';
import { phoneIndex } from '../../db/sealed-tables.ts';

/**
 * The only code touching `verification_codes`. The number is stored and found only as its
 * blind index (db/sealed-tables.ts): nothing reads a code's number back.
 */

const phoneHashOf = (db: Db, phone: string) => phoneIndex(atRestKeysOf(db), phone);

export type CodePurpose = 'login' | 'destroy' | 'password';

/** Codes created before `before` are useless (only the latest counts) but hold the numbers' blind indexes. */
export async function deleteCodesCreatedBefore(db: Db, before: Date): Promise<void> {
  await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, before));
}

export async function insertCode(
  db: Db,
  row: { phone: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  const { phone, ...rest } = row;
  await db.insert(verificationCodes).values({ ...rest, phoneHash: phoneHashOf(db, phone) });
}

export async function selectLatestCode(db: Db, phone: string, purpose: CodePurpose) {
  const [latest] = await db
    .select({ id: verificationCodes.id, expiresAt: verificationCodes.expiresAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.phoneHash, phoneHashOf(db, phone)), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return latest ?? null;
}

/**
 * Counts one try atomically, unless the code is used or out of tries; answers the tries
 * so far and the stored hash, or null when nothing was counted.
 */
export async function countAttempt(db: Db, id: number, maxAttempts: number) {
  const [reserved] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, maxAttempts)))
    .returning({ attempts: verificationCodes.attempts, codeHash: verificationCodes.codeHash });
  return reserved ?? null;
}

export async function isConsumed(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ consumedAt: verificationCodes.consumedAt }).from(verificationCodes).where(eq(verificationCodes.id, id));
  return Boolean(row?.consumedAt);
}

/** Marks the code used; false when another request used it first. */
export async function markConsumed(db: Db, id: number, now: Date): Promise<boolean> {
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used !== undefined;
}

export async function deleteCodesOfPhone(db: Db, phone: string): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.phoneHash, phoneHashOf(db, phone)));
}
