import { PASSWORD_LOCKED, PASSWORD_NOT_SET, PASSWORD_OLD_WRONG } from '@app/contract/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { endSessions } from '../../plugins/session-store.ts';
import { consumeVerifyCode } from '../verification-codes/index.ts';
import { selectPasswordHash, upsertPassword } from './auth-repository.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { isPasswordLocked, recordPasswordFailure, type PasswordLockOptions } from './password-lock.ts';

export type EditPasswordProof = { oldPassword: string } | { code: string };

function refuse(userMessage: string, message: string): AppError {
  return new AppError('BUSINESS_RULE', { userMessage, message });
}

/**
 * Changes the password with the old one (wrong ones count towards the password lock) or
 * with a fresh code sent for purpose 'password' (which also works when none was set: a
 * reset). Every other session of the user ends: whoever knew the old password is out.
 */
export async function editPassword(
  options: PasswordLockOptions & {
    db: Db;
    user: { id: number; sessionId: number };
    proof: EditPasswordProof;
    newPassword: string;
  },
): Promise<void> {
  const { db, now, user, proof } = options;
  if ('oldPassword' in proof) {
    const stored = await selectPasswordHash(db, user.id);
    if (!stored) throw refuse(PASSWORD_NOT_SET, 'no password to edit');
    if (await isPasswordLocked(options)) throw refuse(PASSWORD_LOCKED, 'password locked');
    if (!(await verifyPassword(stored, proof.oldPassword))) {
      const outcome = await recordPasswordFailure(options);
      throw refuse(outcome === 'locked' ? PASSWORD_LOCKED : PASSWORD_OLD_WRONG, 'old password wrong');
    }
  } else {
    await consumeVerifyCode({ db, now, config: options.config, mobile: options.mobile, purpose: 'password', code: proof.code });
  }
  const passwordHash = await hashPassword(options.newPassword);
  await db.transaction(async (tx) => {
    await upsertPassword(tx, user.id, passwordHash);
    await endSessions({ db: tx, now, userId: user.id, exceptSessionId: user.sessionId });
  });
}
