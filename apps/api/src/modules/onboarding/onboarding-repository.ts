import { and, asc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MIN_EMERGENCY_CONTACTS } from '@app/contract/schemas/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { emergencyContacts, idCardPhotos, personalDetails, secondDocuments } from '../../db/schema/onboarding.ts';

/** The only code touching the onboarding module's tables (db/schema/onboarding.ts). */

export type PersonalDetailsRow = typeof personalDetails.$inferSelect;
export type PersonalDetailsValues = Omit<typeof personalDetails.$inferInsert, 'createdAt' | 'updatedAt'>;
export type EmergencyContactRow = typeof emergencyContacts.$inferSelect;
export interface ContactValues {
  name: string;
  relationship: string;
  mobile: string;
}

export async function selectPersonalDetails(db: Db, userId: number): Promise<PersonalDetailsRow | null> {
  const [row] = await db.select().from(personalDetails).where(eq(personalDetails.userId, userId)).limit(1);
  return row ?? null;
}

/** Whether another user holds `idNumber` (who it is never leaves this function). */
export async function isIdNumberHeldByOther(db: Db, idNumber: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(personalDetails)
    .where(and(eq(personalDetails.idNumber, idNumber), ne(personalDetails.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user whose step 1 holds `idNumber` (normalised), or null: the back office's exact search. */
export async function selectUserIdByIdNumber(db: Db, idNumber: string): Promise<number | null> {
  const [row] = await db.select({ userId: personalDetails.userId }).from(personalDetails).where(eq(personalDetails.idNumber, idNumber)).limit(1);
  return row?.userId ?? null;
}

/**
 * Inserts or updates the user's step 1. False when the ID number is another user's: the
 * unique index decides, so two accounts racing for one number cannot both win.
 */
export async function upsertPersonalDetails(db: Db, values: PersonalDetailsValues): Promise<boolean> {
  const { userId: _userId, ...changes } = values;
  const saved = await db
    .insert(personalDetails)
    .values(values)
    .onConflictDoUpdate({ target: personalDetails.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning({ userId: personalDetails.userId })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'personal_details_id_number_uq')) return [];
      throw error;
    });
  return saved.length > 0;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  // node-postgres and PGlite report the violated index on the error or on its cause.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(constraint)))) return true;
  }
  return false;
}

export async function selectContacts(db: Db, userId: number): Promise<EmergencyContactRow[]> {
  return db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId)).orderBy(asc(emergencyContacts.position));
}

/** The user's contacts become exactly `contacts`, all under one consent time. */
export async function replaceContacts(
  db: Db,
  userId: number,
  contacts: readonly ContactValues[],
  consentAcceptedAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
    await tx
      .insert(emergencyContacts)
      .values(contacts.map((contact, position) => ({ ...contact, userId, position, consentAcceptedAt })));
  });
}

export async function selectIdCardPhotos(db: Db, userId: number): Promise<{ frontKey: string; backKey: string } | null> {
  const [row] = await db
    .select({ frontKey: idCardPhotos.frontKey, backKey: idCardPhotos.backKey })
    .from(idCardPhotos)
    .where(eq(idCardPhotos.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function upsertIdCardPhotos(db: Db, userId: number, frontKey: string, backKey: string): Promise<void> {
  await db
    .insert(idCardPhotos)
    .values({ userId, frontKey, backKey })
    .onConflictDoUpdate({ target: idCardPhotos.userId, set: { frontKey, backKey, updatedAt: sql`now()` } });
}

export async function selectSecondDocument(db: Db, userId: number): Promise<{ kind: string; imageKey: string } | null> {
  const [row] = await db
    .select({ kind: secondDocuments.kind, imageKey: secondDocuments.imageKey })
    .from(secondDocuments)
    .where(eq(secondDocuments.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function upsertSecondDocument(db: Db, userId: number, kind: string, imageKey: string): Promise<void> {
  await db
    .insert(secondDocuments)
    .values({ userId, kind, imageKey })
    .onConflictDoUpdate({ target: secondDocuments.userId, set: { kind, imageKey, updatedAt: sql`now()` } });
}

/** Steps 1-3 done for `userId` (a value, or a placeholder of a prepared query). Step 2 needs MIN_EMERGENCY_CONTACTS. */
function stepConditions(userId: number | SQLWrapper): { personal: SQL<boolean>; contacts: SQL<boolean>; idCard: SQL<boolean> } {
  return {
    personal: sql<boolean>`exists (select 1 from ${personalDetails} where ${personalDetails.userId} = ${userId})`,
    contacts: sql<boolean>`((select count(*) from ${emergencyContacts} where ${emergencyContacts.userId} = ${userId}) >= ${sql.raw(String(MIN_EMERGENCY_CONTACTS))})`,
    idCard: sql<boolean>`exists (select 1 from ${idCardPhotos} where ${idCardPhotos.userId} = ${userId})`,
  };
}

/**
 * Steps 1-3 done, as SQL conditions on `userId` (a column or a placeholder): another module
 * can read them in one round trip with other owners' flags.
 */
export function onboardingStepConditions(userId: SQLWrapper): { personal: SQL<boolean>; contacts: SQL<boolean>; idCard: SQL<boolean> } {
  return stepConditions(userId);
}

/** Steps 1-3 done, in one query. */
export async function selectStepStates(db: Db, userId: number): Promise<{ personal: boolean; contacts: boolean; idCard: boolean }> {
  const [row] = await db.select(stepConditions(userId)).from(sql`(select 1) as one`);
  return { personal: row?.personal === true, contacts: row?.contacts === true, idCard: row?.idCard === true };
}

/** Account deletion: every onboarding row of the user. */
export async function eraseOnboardingRows(db: Db, userId: number): Promise<void> {
  await db.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
  await db.delete(idCardPhotos).where(eq(idCardPhotos.userId, userId));
  await db.delete(secondDocuments).where(eq(secondDocuments.userId, userId));
  await db.delete(personalDetails).where(eq(personalDetails.userId, userId));
}
