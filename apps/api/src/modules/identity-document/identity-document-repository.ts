import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { atRestKeysOf, type AtRestKeys } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { idCardReadings } from '../../db/schema/identity-document.ts';
import type { IdCardFrontReading } from './ocr-engine.ts';

/**
 * The only code touching the identity-document module's tables (db/schema/identity-document.ts).
 * A reading's proposal and confirmed values (name, ID number, birth date) are JSON sealed
 * at rest under the row's data key (db/at-rest.ts), opened here.
 */

const scopeOf = (userId: number) => `id_card_readings:${userId}`;

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
  const rowKey = atRestKeysOf(db).newRowKey(scopeOf(values.userId));
  const [row] = await db
    .insert(idCardReadings)
    .values({
      userId: values.userId,
      frontKey: values.frontKey,
      engine: values.engine,
      proposal: rowKey.seal(idCardReadings.proposal.name, JSON.stringify(values.reading.fields)),
      idNumberRejected: values.reading.idNumberRejected,
      keyId: rowKey.keyId,
      dataKey: rowKey.dataKey,
    })
    .returning({ id: idCardReadings.id });
  if (!row) throw new Error('reading not stored');
  return row.id;
}

const columns = {
  userId: idCardReadings.userId,
  keyId: idCardReadings.keyId,
  dataKey: idCardReadings.dataKey,
  id: idCardReadings.id,
  frontKey: idCardReadings.frontKey,
  proposal: idCardReadings.proposal,
  confirmed: idCardReadings.confirmed,
  correctedFields: idCardReadings.correctedFields,
  confirmedAt: idCardReadings.confirmedAt,
};

type StoredReading = Omit<ReadingRow, 'proposal' | 'confirmed'> & {
  userId: number;
  keyId: string | null;
  dataKey: string | null;
  proposal: string;
  confirmed: string | null;
};

function openReading(keys: AtRestKeys, { userId, keyId, dataKey, ...row }: StoredReading): ReadingRow {
  const rowKey = keys.openRowKey(scopeOf(userId), keyId, dataKey);
  const confirmed = rowKey.open(idCardReadings.confirmed.name, row.confirmed);
  return {
    ...row,
    proposal: JSON.parse(rowKey.open(idCardReadings.proposal.name, row.proposal)) as ReadingRow['proposal'],
    confirmed: confirmed === null ? null : (JSON.parse(confirmed) as ConfirmedValues),
  };
}

/** The reading if it is the user's own; null otherwise (another's and none look alike). */
export async function selectOwnReading(db: Db, userId: number, readingId: number): Promise<ReadingRow | null> {
  const [row] = await db
    .select(columns)
    .from(idCardReadings)
    .where(and(eq(idCardReadings.id, readingId), eq(idCardReadings.userId, userId)))
    .limit(1);
  return row ? openReading(atRestKeysOf(db), row) : null;
}

export async function confirmReading(
  db: Db,
  userId: number,
  readingId: number,
  confirmed: ConfirmedValues,
  correctedFields: readonly string[],
  now: Date,
): Promise<void> {
  // Sealed under the row's own data key (the proposal is under it too); a legacy row not yet
  // converted gets a fresh key for both.
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ keyId: idCardReadings.keyId, dataKey: idCardReadings.dataKey, proposal: idCardReadings.proposal })
      .from(idCardReadings)
      .where(and(eq(idCardReadings.id, readingId), eq(idCardReadings.userId, userId)))
      .for('update');
    if (!stored) return;
    const keys = atRestKeysOf(db);
    let rowKey = keys.openRowKey(scopeOf(userId), stored.keyId, stored.dataKey);
    let proposal = stored.proposal;
    if (rowKey.keyId === null) {
      rowKey = keys.newRowKey(scopeOf(userId));
      proposal = rowKey.seal(idCardReadings.proposal.name, stored.proposal);
    }
    await tx
      .update(idCardReadings)
      .set({
        proposal,
        confirmed: rowKey.seal(idCardReadings.confirmed.name, JSON.stringify(confirmed)),
        correctedFields: [...correctedFields],
        confirmedAt: now,
        keyId: rowKey.keyId,
        dataKey: rowKey.dataKey,
      })
      .where(and(eq(idCardReadings.id, readingId), eq(idCardReadings.userId, userId)));
  });
}

/** The user's latest reading of this front photo, confirmed or not; null when there is none. */
export async function selectLatestReadingOfFront(db: Db, userId: number, frontKey: string): Promise<ReadingRow | null> {
  const [row] = await db
    .select(columns)
    .from(idCardReadings)
    .where(and(eq(idCardReadings.userId, userId), eq(idCardReadings.frontKey, frontKey)))
    .orderBy(desc(idCardReadings.id))
    .limit(1);
  return row ? openReading(atRestKeysOf(db), row) : null;
}

/** The latest confirmed reading of the user, for the data list. */
export async function selectLatestConfirmed(db: Db, userId: number): Promise<ReadingRow | null> {
  const [row] = await db
    .select(columns)
    .from(idCardReadings)
    .where(and(eq(idCardReadings.userId, userId), isNotNull(idCardReadings.confirmedAt)))
    .orderBy(desc(idCardReadings.confirmedAt), desc(idCardReadings.id))
    .limit(1);
  return row ? openReading(atRestKeysOf(db), row) : null;
}

export async function countReadings(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idCardReadings)
    .where(eq(idCardReadings.userId, userId));
  return row?.n ?? 0;
}

/** Account deletion: every reading of the user. */
export async function eraseReadings(db: Db, userId: number): Promise<void> {
  await db.delete(idCardReadings).where(eq(idCardReadings.userId, userId));
}
