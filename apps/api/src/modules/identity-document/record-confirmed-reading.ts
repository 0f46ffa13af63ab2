import type { Db } from '../../db/client.ts';
import { confirmReading, insertReading, type ConfirmedValues } from './identity-document-repository.ts';
import type { IdCardFrontReading } from './ocr-engine.ts';

/** What a recorded reading holds: the card's values as its holder confirmed them. */
export type RecordedCardValues = Pick<ConfirmedValues, 'name' | 'idNumber' | 'birthDate' | 'gender'>;

/** The issue date a recorded reading confirms (the reader left it unread, the holder typed it). */
const RECORDED_ISSUE_DATE = '2019-07-01';

/**
 * A front the user uploaded with a reading as ocrCheck leaves one (the card's fields proposed
 * at 0.9, the issue date unread), stored without running the reader: ocrConfirm then
 * confirms it as it would the reader's (differences from step 1 and all). The reading's
 * engine is 'recorded'. For tests whose subject comes after the reading (decision 0198).
 */
export async function recordProposedReading(options: {
  db: Db;
  userId: number;
  frontKey: string;
  values: RecordedCardValues;
}): Promise<number> {
  const { db, userId, frontKey, values } = options;
  const read = <T extends string>(value: T) => ({ value, confidence: 0.9 });
  const reading: IdCardFrontReading = {
    fields: {
      name: read(values.name),
      idNumber: read(values.idNumber),
      birthDate: read(values.birthDate),
      gender: read(values.gender),
      issueDate: { value: null, confidence: 0 },
    },
    idNumberRejected: false,
    genderConflict: false,
    genderFromIdNumber: false,
  };
  return insertReading(db, { userId, frontKey, engine: 'recorded', reading });
}

/**
 * A front the user uploaded, with a reading as ocrCheck + ocrConfirm leave one (the card's
 * fields proposed at 0.9, the issue date unread and typed, no difference accepted), stored
 * without running the reader: step 3 then saves this front. For tests whose subject comes
 * after onboarding (the API tests' borrowers, the browser tests' lending journeys through
 * the test hook): the reader is tested in this module and in the onboarding journeys
 * (decisions 0070 and 0198).
 */
export async function recordConfirmedReading(options: {
  db: Db;
  userId: number;
  frontKey: string;
  values: RecordedCardValues;
  now: Date;
}): Promise<number> {
  const { db, userId, values } = options;
  const readingId = await recordProposedReading(options);
  await confirmReading(
    db,
    userId,
    readingId,
    { ...values, issueDate: RECORDED_ISSUE_DATE, acceptedDifferences: [] },
    ['issueDate'],
    options.now,
  );
  return readingId;
}
