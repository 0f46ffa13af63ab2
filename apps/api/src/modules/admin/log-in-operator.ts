import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ADMIN_ACCOUNT_DISABLED, ADMIN_LOGIN_FAILED, ADMIN_LOGIN_LOCKED, ADMIN_TOTP_REPLAYED } from '@app/contract/admin/admin-messages.ts';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import type { AdminConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  claimTotpStep,
  incrementFailedLogins,
  insertSession,
  selectOperatorByName,
  updateOperator,
  useRecoveryCode,
  type OperatorRow,
} from './admin-repository.ts';
import { decryptSecret, randomToken, recoveryCodeHash, tokenHash, totpStepOf } from './operator-secrets.ts';
import { recordAudit } from './record-audit.ts';

let dummyHash: Promise<string> | null = null;

/** An unknown name costs the time a wrong password does (no oracle of who exists). */
async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (stored) return verify(stored, password);
  dummyHash ??= hash('not-a-password-of-anyone');
  await verify(await dummyHash, password);
  return false;
}

type SecondFactor = 'ok' | 'wrong' | 'replayed';

async function checkSecondFactor(db: Db, config: AdminConfig, operator: OperatorRow, code: string, now: Date): Promise<SecondFactor> {
  if (!operator.totpSecret) return 'wrong';
  if (/^\d{6}$/.test(code)) {
    const step = totpStepOf(decryptSecret(config.secret, operator.totpSecret), code, now);
    if (step === null) return 'wrong';
    return (await claimTotpStep(db, operator.id, step)) ? 'ok' : 'replayed';
  }
  return (await useRecoveryCode(db, operator.id, recoveryCodeHash(config.secret, code), now)) ? 'ok' : 'wrong';
}

export interface OperatorSignIn {
  operator: { id: number; username: string; role: TOperatorRole };
  sessionToken: string;
  csrfToken: string;
}

/**
 * Signs an operator in with name, password and a TOTP code (or a recovery code, once).
 * Wrong tries in a row lock the operator for a while (checked before the password, so a
 * locked account gives nothing away); a code already used is refused even when right.
 * Every try is in the audit trail.
 */
export async function logInOperator(options: {
  db: Db;
  config: AdminConfig;
  username: string;
  password: string;
  code: string;
  now: Date;
}): Promise<OperatorSignIn> {
  const { db, config, username, now } = options;
  const operator = await selectOperatorByName(db, username);
  const actor = { operatorId: operator?.id ?? null, operatorName: username };
  const refuse = async (message: string, reason: string) => {
    await recordAudit({ db, actor, at: now, action: 'operator.loginFailed', target: `operator:${username}`, after: { reason } });
    return new AppError('UNAUTHENTICATED', { userMessage: message, message: `operator sign-in refused: ${reason}` });
  };

  if (operator?.lockedUntil && operator.lockedUntil > now) throw await refuse(ADMIN_LOGIN_LOCKED, 'locked');
  const passwordOk = await passwordMatches(operator?.passwordHash ?? null, options.password);
  if (!operator) throw await refuse(ADMIN_LOGIN_FAILED, 'unknown name');
  const factor = passwordOk ? await checkSecondFactor(db, config, operator, options.code, now) : 'wrong';
  if (!passwordOk || factor !== 'ok') {
    const failures = await incrementFailedLogins(db, operator.id);
    if (failures >= config.loginFailures) {
      const lockedUntil = new Date(now.getTime() + config.lockMinutes * 60_000);
      await updateOperator(db, operator.id, { failedLogins: 0, lockedUntil });
      await recordAudit({
        db,
        actor,
        at: now,
        action: 'operator.locked',
        target: `operator:${username}`,
        after: { lockedUntil: lockedUntil.toISOString() },
      });
    }
    throw await refuse(
      factor === 'replayed' ? ADMIN_TOTP_REPLAYED : ADMIN_LOGIN_FAILED,
      !passwordOk ? 'wrong password' : `second factor ${factor}`,
    );
  }
  if (operator.disabled) throw await refuse(ADMIN_ACCOUNT_DISABLED, 'disabled');

  const sessionToken = randomToken();
  const csrfToken = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await updateOperator(tx, operator.id, { failedLogins: 0, lockedUntil: null, lastLoginAt: now });
    await insertSession(tx, { tokenHash: tokenHash(config.secret, sessionToken), operatorId: operator.id, csrfToken, lastSeenAt: now });
    await recordAudit({ db: tx, actor, at: now, action: 'operator.login', target: `operator:${username}` });
  });
  return { operator: { id: operator.id, username: operator.username, role: operator.role as TOperatorRole }, sessionToken, csrfToken };
}
