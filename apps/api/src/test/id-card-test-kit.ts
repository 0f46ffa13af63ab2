import { confirmReading, insertReading } from '../modules/identity-document/identity-document-repository.ts';
import type { IdCardFrontReading } from '../modules/identity-document/ocr-engine.ts';
import { uploadedImage, type AccountsServer, type LoggedIn } from './accounts-test-kit.ts';

/**
 * A front photo of the user with a confirmed reading, as ocrCheck + ocrConfirm leave it:
 * step 3 saves only such a front. The reader itself is tested in modules/identity-document;
 * running it for every borrower would cost seconds each without testing anything new.
 */
export async function confirmedIdCardFront(
  server: AccountsServer,
  user: LoggedIn,
  values: { name?: string; idNumber?: string; birthDate?: string; gender?: 'male' | 'female' } = {},
): Promise<string> {
  return confirmIdCardFront(server, user, (await uploadedImage(server, user)).key, values);
}

/** Records a confirmed reading of a front the user already uploaded (a card with a face, for step 5's tests). */
export async function confirmIdCardFront(
  server: Pick<AccountsServer, 'app'>,
  user: LoggedIn,
  frontKey: string,
  values: { name?: string; idNumber?: string; birthDate?: string; gender?: 'male' | 'female' } = {},
): Promise<string> {
  const unread = { value: null, confidence: 0 };
  const read = (value: string) => ({ value, confidence: 0.9 });
  const confirmed = {
    name: values.name ?? '陳志明',
    idNumber: values.idNumber ?? 'A123456789',
    birthDate: values.birthDate ?? '1988-11-20',
    gender: values.gender ?? 'male',
    issueDate: '2019-07-01',
    acceptedDifferences: [],
  };
  const db = server.app.db;
  const userId = Number(user.userId);
  const proposal = {
    name: read(confirmed.name),
    idNumber: read(confirmed.idNumber),
    birthDate: read(confirmed.birthDate),
    gender: read(confirmed.gender),
    issueDate: unread,
  };
  const readingId = await insertReading(db, {
    userId,
    frontKey,
    engine: 'test',
    reading: { fields: proposal, idNumberRejected: false } as IdCardFrontReading,
  });
  await confirmReading(db, userId, readingId, confirmed, ['issueDate'], new Date());
  return frontKey;
}
