import { OCR_DIFFERENCES_NOT_ACCEPTED, OCR_READING_NOT_FOUND } from '@app/contract/messages/identity-document.ts';
import { ID_NUMBER_GENDER_MISMATCH } from '@app/contract/messages/onboarding.ts';
import { ID_CARD_FIELDS, type IdCardField, type TOcrConfirmResponse } from '@app/contract/schemas/identity-document.ts';
import { genderOfIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { confirmReading, selectOwnReading, type ConfirmedValues } from './identity-document-repository.ts';
import { stepOneDifferences } from './step-one-differences.ts';

/**
 * ocrConfirm: the user's values for one of their own readings. A field whose value
 * differs from the proposal (or was not read) is stored as corrected, unless it is one of
 * the choices the reading offered for it. Step 1 is not
 * changed. Values that differ from step 1 are refused unless the borrower accepts them
 * (`acceptDifferences`): then they are stored with the accepted fields, and the decision
 * engine sends the application to staff (docs/product.md, "Onboarding").
 */
export async function confirmIdCardReading(options: {
  db: Db;
  userId: number;
  now: Date;
  readingId: number;
  values: Omit<ConfirmedValues, 'acceptedDifferences'> & { acceptDifferences?: boolean | undefined };
}): Promise<TOcrConfirmResponse> {
  const { db, userId } = options;
  const { acceptDifferences, ...values } = options.values;
  const reading = await selectOwnReading(db, userId, options.readingId);
  if (!reading) throw new AppError('BUSINESS_RULE', { userMessage: OCR_READING_NOT_FOUND, message: 'reading not found' });
  if (genderOfIdentityNumber(values.idNumber) !== values.gender) {
    throw new AppError('BUSINESS_RULE', { userMessage: ID_NUMBER_GENDER_MISMATCH, message: 'confirmed gender vs id digit' });
  }
  const differences = await stepOneDifferences({ db, userId, card: values });
  if (differences.length > 0 && acceptDifferences !== true) {
    throw new AppError('BUSINESS_RULE', { userMessage: OCR_DIFFERENCES_NOT_ACCEPTED, message: 'card differs from step 1, not accepted' });
  }
  // A value picked from the proposal's choices is the reading's, not a correction.
  const correctedFields: IdCardField[] = ID_CARD_FIELDS.filter((field) => {
    const proposed: { value: string | null; choices?: readonly string[] } = reading.proposal[field];
    return proposed.value !== values[field] && !(proposed.value === null && proposed.choices?.includes(values[field]));
  });
  await confirmReading(db, userId, reading.id, { ...values, acceptedDifferences: differences }, correctedFields, options.now);
  return { correctedFields, stepOneDifferences: differences, acceptedDifferences: differences };
}
