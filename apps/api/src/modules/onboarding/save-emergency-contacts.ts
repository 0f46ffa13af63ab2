import type { z } from 'zod';
import { CONTACT_IS_SELF } from '@app/contract/messages/onboarding.ts';
import type { ZEmergencyContactAddRequestSchema } from '@app/contract/schemas/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { replaceContacts } from './onboarding-repository.ts';

/**
 * Step 2: the user's emergency contacts become exactly this list (two or more, distinct,
 * checked by the contract), accepted now under the PDPA art. 9 notice. The user's own
 * number is refused: a contact is someone else to reach them through.
 */
export async function saveEmergencyContacts(options: {
  db: Db;
  userId: number;
  userPhone: string;
  now: Date;
  request: z.output<typeof ZEmergencyContactAddRequestSchema>;
}): Promise<void> {
  const { db, userId, userPhone, now, request } = options;
  if (request.contacts.some((contact) => contact.mobile === userPhone)) {
    throw new AppError('BUSINESS_RULE', { userMessage: CONTACT_IS_SELF, message: 'emergency contact is the user' });
  }
  await replaceContacts(db, userId, request.contacts, now);
}
