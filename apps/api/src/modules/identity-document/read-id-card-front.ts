import { OCR_UNAVAILABLE, OCR_UNREADABLE } from '@app/contract/messages/identity-document.ts';
import { PHOTO_NOT_FOUND } from '@app/contract/messages/onboarding.ts';
import type { TOcrCheckResponse } from '@app/contract/schemas/identity-document.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import { readOwnImage } from '../uploads/index.ts';
import { insertReading } from './identity-document-repository.ts';
import type { IdCardFrontReading, IdCardReader } from './ocr-engine.ts';
import { stepOneDifferences } from './step-one-differences.ts';

/**
 * ocrCheck: reads the front photo (the user's own upload only), stores what was proposed
 * and answers it with the fields that differ from step 1. When the reader cannot run,
 * the user gets OCR_UNAVAILABLE and nothing is stored: no proposal that was not computed.
 * A photo that gave none of name, ID number and birth date (blurred, dark, not a card) is
 * refused at once with OCR_UNREADABLE, nothing stored: it could never be confirmed.
 */
export async function readIdCardFront(options: {
  db: Db;
  files: FileStorage;
  reader: IdCardReader;
  userId: number;
  frontKey: string;
  log?: { error(obj: object, msg: string): void };
}): Promise<TOcrCheckResponse> {
  const { db, userId, frontKey } = options;
  const image = await readOwnImage({ db, files: options.files, userId, key: frontKey });
  if (!image) throw new AppError('BUSINESS_RULE', { userMessage: PHOTO_NOT_FOUND, message: 'ocr image not an own upload' });
  let reading: IdCardFrontReading;
  try {
    reading = await options.reader.readFront(image.bytes);
  } catch (error) {
    options.log?.error({ err: error, engine: options.reader.engine }, 'id card reader failed');
    throw new AppError('BUSINESS_RULE', { userMessage: OCR_UNAVAILABLE, message: 'id card reader failed' });
  }
  const { name, idNumber, birthDate } = reading.fields;
  const nothing = (field: { value: string | null; choices?: string[] }) => field.value === null && !field.choices?.length;
  if (nothing(name) && nothing(idNumber) && nothing(birthDate) && !reading.idNumberRejected) {
    throw new AppError('BUSINESS_RULE', { userMessage: OCR_UNREADABLE, message: 'id card front unreadable' });
  }
  const readingId = await insertReading(db, { userId, frontKey, engine: options.reader.engine, reading });
  const f = reading.fields;
  const differences = await stepOneDifferences({
    db,
    userId,
    card: {
      name: f.name.value,
      idNumber: f.idNumber.value,
      birthDate: f.birthDate.value,
      gender: f.gender.value,
      nameChoices: f.name.choices,
      idNumberChoices: f.idNumber.choices,
    },
  });
  return {
    readingId,
    fields: reading.fields,
    idNumberRejected: reading.idNumberRejected,
    genderConflict: reading.genderConflict,
    genderFromIdNumber: reading.genderFromIdNumber,
    stepOneDifferences: differences,
  };
}
