import { recordConfirmedReading } from '../modules/identity-document/record-confirmed-reading.ts';
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
  await recordConfirmedReading({
    db: server.app.db,
    userId: Number(user.userId),
    frontKey,
    values: {
      name: values.name ?? '陳志明',
      idNumber: values.idNumber ?? 'A123456789',
      birthDate: values.birthDate ?? '1988-11-20',
      gender: values.gender ?? 'male',
    },
    now: new Date(),
  });
  return frontKey;
}
