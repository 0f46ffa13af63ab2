import { PASSWORD_ALREADY_SET } from '@app/contract/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { insertFirstPassword } from './auth-repository.ts';
import { hashPassword } from './password-hashing.ts';

/** Sets the first password; a second call is refused (changing one goes through edit). */
export async function initPassword(options: { db: Db; userId: number; password: string }): Promise<void> {
  const passwordHash = await hashPassword(options.password);
  if (!(await insertFirstPassword(options.db, options.userId, passwordHash))) {
    throw new AppError('BUSINESS_RULE', { userMessage: PASSWORD_ALREADY_SET, message: 'password already set' });
  }
}
