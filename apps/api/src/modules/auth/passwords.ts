import { and, eq, ne, isNull, sql } from 'drizzle-orm';
import { PASSWORD_ALREADY_SET, PASSWORD_LOCKED, PASSWORD_NOT_SET, PASSWORD_OLD_WRONG } from '@app/contract/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { userCredentials } from '../../db/schema-accounts.ts';
import { AppError } from '../../errors/app-error.ts';
import type { AccountsDeps } from '../accounts/accounts-plugin.ts';
import { findPasswordHash } from '../users/users-repository.ts';
import { isPasswordLocked, recordPasswordFailure } from './login.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { consumeVerifyCode } from './verification-codes.ts';

function refuse(userMessage: string, message: string): AppError {
  return new AppError('BUSINESS_RULE', { userMessage, message });
}

/** Sets the first password; a second call is refused (changing one goes through edit). */
export async function initPassword(db: Db, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const [created] = await db
    .insert(userCredentials)
    .values({ userId, passwordHash })
    .onConflictDoNothing({ target: userCredentials.userId })
    .returning({ userId: userCredentials.userId });
  if (!created) throw refuse(PASSWORD_ALREADY_SET, 'password already set');
}

export type EditPasswordProof = { oldPassword: string } | { code: string };

/**
 * Changes the password with the old one (wrong ones count towards the same lock as
 * password logins: a stolen session must not become a password oracle) or with a fresh
 * code sent for purpose 'password' (which also works when none was set: a reset).
 * Every other session of the user ends: whoever knew the old password is logged out.
 */
export async function editPassword(
  deps: AccountsDeps,
  db: Db,
  user: { id: number; phone: string },
  proof: EditPasswordProof,
  newPassword: string,
  currentTokenHash: string,
): Promise<void> {
  if ('oldPassword' in proof) {
    const stored = await findPasswordHash(db, user.id);
    if (!stored) throw refuse(PASSWORD_NOT_SET, 'no password to edit');
    if (await isPasswordLocked(deps, user.phone)) throw refuse(PASSWORD_LOCKED, 'password locked');
    if (!(await verifyPassword(stored, proof.oldPassword))) {
      const outcome = await recordPasswordFailure(deps, user.phone);
      throw refuse(outcome === 'locked' ? PASSWORD_LOCKED : PASSWORD_OLD_WRONG, 'old password wrong');
    }
  } else {
    await consumeVerifyCode(deps, db, user.phone, 'password', proof.code);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .insert(userCredentials)
      .values({ userId: user.id, passwordHash })
      .onConflictDoUpdate({ target: userCredentials.userId, set: { passwordHash, updatedAt: sql`now()` } });
    await tx
      .update(sessions)
      .set({ revokedAt: deps.clock.now() })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), ne(sessions.tokenHash, currentTokenHash)));
  });
}
