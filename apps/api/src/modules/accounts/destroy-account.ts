import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, isNull, and } from 'drizzle-orm';
import { DESTROY_OPEN_ORDER } from '@app/contract/messages/accounts.ts';
import type { Db } from '../../db/client.ts';
import { riskEvents, sessions, trackingEvents, users } from '../../db/schema.ts';
import {
  deviceInfos,
  pushSubscriptions,
  sharedApps,
  sharedContacts,
  uploadedFiles,
  userAttributions,
  userCredentials,
  userQuestions,
  verificationCodes,
} from '../../db/schema-accounts.ts';
import { AppError } from '../../errors/app-error.ts';
import { consumeVerifyCode } from '../auth/verification-codes.ts';
import { hasOpenOrder } from '../users/users-repository.ts';
import type { AccountsDeps } from './accounts-plugin.ts';

/** Where a user's uploads live; one folder per user, so deletion removes it whole. */
export function userFilesDir(filesDir: string, userId: number): string {
  return path.join(filesDir, String(userId));
}

/**
 * Account deletion (PDPA art. 11). Needs a fresh code for purpose 'destroy' and no open
 * order. Personal data is deleted; the user row stays as an anonymous tombstone (phone
 * NULL) because loan records the law requires keep pointing at it, detached from any
 * identity. Every session ends. The same phone can then register as a new user.
 */
export async function destroyAccount(
  deps: AccountsDeps,
  db: Db,
  user: { id: number; phone: string },
  code: string,
): Promise<void> {
  // Checked before the code is used up, so a refused deletion does not cost the code.
  if (await hasOpenOrder(db, user.id)) {
    throw new AppError('BUSINESS_RULE', { userMessage: DESTROY_OPEN_ORDER, message: 'destroy with open order' });
  }
  await consumeVerifyCode(deps, db, user.phone, 'destroy', code);
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await tx.delete(userCredentials).where(eq(userCredentials.userId, user.id));
    await tx.delete(userAttributions).where(eq(userAttributions.userId, user.id));
    await tx.delete(deviceInfos).where(eq(deviceInfos.userId, user.id));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    await tx.delete(sharedApps).where(eq(sharedApps.userId, user.id));
    await tx.delete(sharedContacts).where(eq(sharedContacts.userId, user.id));
    await tx.delete(userQuestions).where(eq(userQuestions.userId, user.id));
    await tx.delete(uploadedFiles).where(eq(uploadedFiles.userId, user.id));
    await tx.delete(verificationCodes).where(eq(verificationCodes.phone, user.phone));
    // Usage events stay for statistics, no longer linked to the person.
    await tx.update(trackingEvents).set({ userId: null }).where(eq(trackingEvents.userId, user.id));
    await tx.update(riskEvents).set({ userId: null }).where(eq(riskEvents.userId, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await tx.update(users).set({ phone: null }).where(eq(users.id, user.id));
  });
  // After the commit: a failed transaction must not have removed the files already.
  await rm(userFilesDir(deps.filesDir, user.id), { recursive: true, force: true });
}
