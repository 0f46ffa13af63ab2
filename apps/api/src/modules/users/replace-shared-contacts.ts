import { INVALID_MOBILE } from '@app/contract/messages/accounts.ts';
import { normalizeTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { replaceSharedContactRows } from './users-repository.ts';

/** Replaces the contacts the user shares; each number must be a Taiwan mobile. */
export function replaceSharedContacts(options: {
  db: Db;
  userId: number;
  contacts: Array<{ name: string; mobile: string; relationship: string }>;
}): Promise<void> {
  const rows = options.contacts.map((contact) => {
    const mobile = normalizeTaiwanMobile(contact.mobile);
    if (!mobile) throw new AppError('BUSINESS_RULE', { userMessage: INVALID_MOBILE, message: 'shared contact mobile invalid' });
    return { name: contact.name, mobile, relationship: contact.relationship };
  });
  return replaceSharedContactRows(options.db, options.userId, rows);
}
