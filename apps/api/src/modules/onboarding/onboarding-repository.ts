import { and, asc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MIN_EMERGENCY_CONTACTS } from '@app/contract/schemas/onboarding.ts';
import { atRestKeysOf, type AtRestKeys } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { idNumberIndex, rowScope } from '../../db/sealed-tables.ts';
import { emergencyContacts, idCardPhotos, personalDetails, secondDocuments } from '../../db/schema/onboarding.ts';

/**
 * The only code touching the onboarding module's tables (db/schema/onboarding.ts). Personal
 * values are sealed here on the way in and opened on the way out (db/at-rest.ts): the use
 * cases see plain values, the tables hold none.
 */

type PersonalDetailsTableRow = typeof personalDetails.$inferSelect;
export type PersonalDetailsRow = Omit<PersonalDetailsTableRow, 'idNumberHash' | 'keyId' | 'dataKey'>;
export type PersonalDetailsValues = Omit<PersonalDetailsRow, 'createdAt' | 'updatedAt'>;
export type EmergencyContactRow = Omit<typeof emergencyContacts.$inferSelect, 'keyId' | 'dataKey'>;
export interface ContactValues {
  name: string;
  relationship: string;
  mobile: string;
}

/** The sealed fields (each value bound to its column's SQL name). */
const PERSONAL_SEALED = ['name', 'birthDate', 'idNumber', 'address', 'email', 'lineId', 'employer'] as const;
const CONTACT_SEALED = ['name', 'mobile'] as const;

const scopeOf = rowScope;

function openPersonalDetails(keys: AtRestKeys, row: PersonalDetailsTableRow): PersonalDetailsRow {
  const { idNumberHash: _hash, keyId, dataKey, ...rest } = row;
  const rowKey = keys.openRowKey(scopeOf('personal_details', row.userId), keyId, dataKey);
  const opened = { ...rest };
  for (const field of PERSONAL_SEALED) opened[field] = rowKey.open(personalDetails[field].name, rest[field]);
  return opened;
}

function sealPersonalDetails(keys: AtRestKeys, values: PersonalDetailsValues) {
  const rowKey = keys.newRowKey(scopeOf('personal_details', values.userId));
  const sealed = { ...values };
  for (const field of PERSONAL_SEALED) sealed[field] = rowKey.seal(personalDetails[field].name, values[field]);
  return { ...sealed, idNumberHash: idNumberIndex(keys, values.idNumber), keyId: rowKey.keyId, dataKey: rowKey.dataKey };
}

export async function selectPersonalDetails(db: Db, userId: number): Promise<PersonalDetailsRow | null> {
  const [row] = await db.select().from(personalDetails).where(eq(personalDetails.userId, userId)).limit(1);
  return row ? openPersonalDetails(atRestKeysOf(db), row) : null;
}

/** Whether another user holds `idNumber` (who it is never leaves this function). */
export async function isIdNumberHeldByOther(db: Db, idNumber: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(personalDetails)
    .where(and(eq(personalDetails.idNumberHash, idNumberIndex(atRestKeysOf(db), idNumber)), ne(personalDetails.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user whose step 1 holds `idNumber` (normalised), or null: the back office's exact search, through the blind index. */
export async function selectUserIdByIdNumber(db: Db, idNumber: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: personalDetails.userId })
    .from(personalDetails)
    .where(eq(personalDetails.idNumberHash, idNumberIndex(atRestKeysOf(db), idNumber)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Inserts or updates the user's step 1, sealed under a fresh data key. False when the ID
 * number is another user's: the unique blind index decides, so two accounts racing for
 * one number cannot both win.
 */
export async function upsertPersonalDetails(db: Db, values: PersonalDetailsValues): Promise<boolean> {
  const sealed = sealPersonalDetails(atRestKeysOf(db), values);
  const { userId: _userId, ...changes } = sealed;
  const saved = await db
    .insert(personalDetails)
    .values(sealed)
    .onConflictDoUpdate({ target: personalDetails.userId, set: { ...changes, updatedAt: sql`now()` } })
    .returning({ userId: personalDetails.userId })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'personal_details_id_number_hash_uq')) return [];
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
  const rows = await db
    .select()
    .from(emergencyContacts)
    .where(eq(emergencyContacts.userId, userId))
    .orderBy(asc(emergencyContacts.position));
  const keys = atRestKeysOf(db);
  return rows.map(({ keyId, dataKey, ...row }) => {
    const rowKey = keys.openRowKey(scopeOf('emergency_contacts', row.userId), keyId, dataKey);
    const opened = { ...row };
    for (const field of CONTACT_SEALED) opened[field] = rowKey.open(emergencyContacts[field].name, row[field]);
    return opened;
  });
}

/** The user's contacts become exactly `contacts`, all under one consent time. */
export async function replaceContacts(db: Db, userId: number, contacts: readonly ContactValues[], consentAcceptedAt: Date): Promise<void> {
  const keys = atRestKeysOf(db);
  const rows = contacts.map((contact, position) => {
    const rowKey = keys.newRowKey(scopeOf('emergency_contacts', userId));
    const sealed = { ...contact };
    for (const field of CONTACT_SEALED) sealed[field] = rowKey.seal(emergencyContacts[field].name, contact[field]);
    return { ...sealed, userId, position, consentAcceptedAt, keyId: rowKey.keyId, dataKey: rowKey.dataKey };
  });
  await db.transaction(async (tx) => {
    await tx.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
    await tx.insert(emergencyContacts).values(rows);
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
