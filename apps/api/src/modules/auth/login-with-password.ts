import { LOGIN_FAILED_PASSWORD, PASSWORD_LOCKED } from '@app/contract/messages/accounts.ts';
import type { TLoginResponse } from '@app/contract/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { findUserByPhone } from '../users/index.ts';
import { selectPasswordHash } from './auth-repository.ts';
import { verifyPassword } from './password-hashing.ts';
import { clearPasswordFailures, isPasswordLocked, recordPasswordFailure, type PasswordLockOptions } from './password-lock.ts';
import { startLoginSession } from './start-login-session.ts';

/**
 * Phone + password. Unknown numbers, users without a password and wrong passwords get
 * the same answer after the same work: the same two queries and one argon2 verification.
 */
export async function loginWithPassword(options: PasswordLockOptions & { db: Db; password: string }): Promise<TLoginResponse> {
  const { db, now, mobile } = options;
  if (await isPasswordLocked(options)) {
    throw new AppError('BUSINESS_RULE', { userMessage: PASSWORD_LOCKED, message: 'password login locked' });
  }
  const user = await findUserByPhone({ db, phone: mobile });
  // Asked for an unknown number too (no user has id 0), so both cost the same round trips.
  const passwordHash = await selectPasswordHash(db, user?.id ?? 0);
  const ok = await verifyPassword(passwordHash, options.password);
  if (!ok || !user) {
    const outcome = await recordPasswordFailure(options);
    throw new AppError('BUSINESS_RULE', {
      userMessage: outcome === 'locked' ? PASSWORD_LOCKED : LOGIN_FAILED_PASSWORD,
      message: 'password login failed',
    });
  }
  await clearPasswordFailures(options);
  return startLoginSession({ db, now, user, isNewUser: false });
}
