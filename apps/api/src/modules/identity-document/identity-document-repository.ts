import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idCardReadings } from '../../db/schema/identity-document.ts';
import type { IdCardFrontReading } from './ocr-engine.ts';

/** The only code touching the identity-document module's tables (db/schema/identity-document.ts). */

export interface ConfirmedValues {
  name: string;
  idNumber: string;
  birthDate: string;
  gender: 'male' | 'female';
  issueDate: string;
  /** The step-1 differences the borrower accepted (sent to staff review); absent on older rows. */
  acceptedDifferences?: string[];
}

export interface ReadingRow {
  id: number;
  frontKey: string;
  proposal: IdCardFrontReading['fields'];
  confirmed: ConfirmedValues | null;
  correctedFields: string[] | null;
  confirmedAt: Date | null;
}

export async function insertReading(
  db: Db,
  values: { userId: number; frontKey: string; engine: string; reading: IdCardFrontReading },
): Promise<number> {
  const [row] = await db
    .insert(idCardReadings)
    .values({
      userId: values.userId,
      frontKey: values.frontKey,
      engine: values.engine,
      proposal: values.reading.fields,
      idNumberRejected: values.reading.idNumberRejected,
    })
    .returning({ id: idCardReadings.id });
  if (!row) throw new Error('reading not stored');
  return row.id;
}

const columns = {
  id: idCardReadings.id,
  frontKey: idCardReadings.frontKey,
  proposal: idCardReadings.proposal,
  confirmed: idCardReadings.confirmed,
  correctedFields: idCardReadings.correctedFields,
  confirmedAt: idCardReadings.confirmedAt,
};

/** The reading if it is the user's own; null otherwise (another's and none look alike). */
export async function selectOwnReading(db: Db, userId: number, readingId: number): Promise<ReadingRow | null> {
  const [row] = await db
    .select(columns)
    .from(idCardReadings)
    .where(and(eq(idCardReadings.id, readingId), eq(idCardReadings.userId, userId)))
    .limit(1);
  return (row as ReadingRow | undefined) ?? null;
}

export async function confirmReading(
  db: Db,
  userId: number,
  readingId: number,
  confirmed: ConfirmedValues,
  correctedFields: readonly string[],
  now: Date,
): Promise<void> {
  await db
    .update(idCardReadings)
    .set({ confirmed, correctedFields: [...correctedFields], confirmedAt: now })
    .where(and(eq(idCardReadings.id, readingId), eq(idCardReadings.userId, userId)));
}

/** The user's latest reading of this front photo, confirmed or not; null when there is none. */
export async function selectLatestReadingOfFront(db: Db, userId: number, frontKey: string): Promise<ReadingRow | null> {
  const [row] = await db
    .select(columns)
    .from(idCardReadings)
    .where(and(eq(idCardReadings.userId, userId), eq(idCardReadings.frontKey, frontKey)))
    .orderBy(desc(idCardReadings.id))
    .limit(1);
  return (row as ReadingRow | undefined) ?? null;
}

/** The latest confirmed reading of the user, for the data list. */
export async function selectLatestConfirmed(db: Db, userId: number): Promise<ReadingRow | null> {
  const [row] = await db
    .select(columns)
    .from(idCardReadings)
    .where(and(eq(idCardReadings.userId, userId), isNotNull(idCardReadings.confirmedAt)))
    .orderBy(desc(idCardReadings.confirmedAt), desc(idCardReadings.id))
    .limit(1);
  return (row as ReadingRow | undefined) ?? null;
}

export async function countReadings(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(idCardReadings).where(eq(idCardReadings.userId, userId));
  return row?.n ?? 0;
}

/** Account deletion: every reading of the user. */
export async function eraseReadings(db: Db, userId: number): Promise<void> {
  await db.delete(idCardReadings).where(eq(idCardReadings.userId, userId));
}
