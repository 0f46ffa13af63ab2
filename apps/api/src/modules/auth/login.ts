import { LOGIN_FAILED_PASSWORD, PASSWORD_LOCKED } from '@app/contract/messages/accounts.ts';
import type { TLoginResponse } from '@app/contract/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { createSession } from '../sessions/service.ts';
import type { AccountsDeps } from '../accounts/accounts-plugin.ts';
import { HOUR_MS } from '../accounts/accounts-settings.ts';
import {
  findOrCreateUser,
  findLoginCredentials,
  findPasswordHash,
  type AccountUser,
  type Attribution,
} from '../users/users-repository.ts';
import { verifyPassword } from './password-hashing.ts';
import { limiterTag } from './verification-code-crypto.ts';
import { consumeVerifyCode } from './verification-codes.ts';

async function answer(deps: AccountsDeps, db: Db, user: AccountUser, isNewUser: boolean): Promise<TLoginResponse> {
  const token = await createSession(db, user.id, deps.clock.now());
  const hasPassword = (await findPasswordHash(db, user.id)) !== null;
  return { token, userId: String(user.id), uuId: user.uuid, isNewUser, hasPassword };
}

/** Phone + code: the first successful login registers the number. */
export async function loginWithCode(
  deps: AccountsDeps,
  db: Db,
  mobile: string,
  code: string,
  attribution: Attribution,
): Promise<TLoginResponse> {
  await consumeVerifyCode(deps, db, mobile, 'login', code);
  const { user, isNew } = await findOrCreateUser(db, mobile, attribution);
  return answer(deps, db, user, isNew);
}

const failuresKey = (deps: AccountsDeps, mobile: string) => `pw:fail:${limiterTag(deps.codeKey, mobile)}`;
const lockKey = (deps: AccountsDeps, mobile: string) => `pw:lock:${limiterTag(deps.codeKey, mobile)}`;

export async function isPasswordLocked(deps: AccountsDeps, mobile: string): Promise<boolean> {
  const now = deps.clock.now().getTime();
  return (await deps.limiter.count(lockKey(deps, mobile), deps.settings.passwordLockSeconds * 1000, now)) > 0;
}

/**
 * Counts a wrong password for the number; the one that reaches the limit starts the
 * lock. Counted per number whether or not it is registered, so the lock tells nothing.
 */
export async function recordPasswordFailure(deps: AccountsDeps, mobile: string): Promise<'wrong' | 'locked'> {
  const { settings } = deps;
  const now = deps.clock.now().getTime();
  const hit = await deps.limiter.hit(failuresKey(deps, mobile), settings.passwordFailuresPerHour, HOUR_MS, now);
  if (hit.allowed && hit.count < settings.passwordFailuresPerHour) return 'wrong';
  await deps.limiter.hit(lockKey(deps, mobile), 1, settings.passwordLockSeconds * 1000, now);
  await deps.limiter.reset(failuresKey(deps, mobile));
  return 'locked';
}

/**
 * Phone + password. Unknown numbers, users without a password and wrong passwords get
 * the same answer after the same argon2 work.
 */
export async function loginWithPassword(
  deps: AccountsDeps,
  db: Db,
  mobile: string,
  password: string,
): Promise<TLoginResponse> {
  if (await isPasswordLocked(deps, mobile)) {
    throw new AppError('BUSINESS_RULE', { userMessage: PASSWORD_LOCKED, message: 'password login locked' });
  }
  const { user, passwordHash } = await findLoginCredentials(db, mobile);
  const ok = await verifyPassword(passwordHash, password);
  if (!ok || !user) {
    const outcome = await recordPasswordFailure(deps, mobile);
    throw new AppError('BUSINESS_RULE', {
      userMessage: outcome === 'locked' ? PASSWORD_LOCKED : LOGIN_FAILED_PASSWORD,
      message: 'password login failed',
    });
  }
  await deps.limiter.reset(failuresKey(deps, mobile));
  return answer(deps, db, user, false);
}
