import QRCode from 'qrcode';
import { hash } from '@node-rs/argon2';
import { ADMIN_ENROLMENT_INVALID, ADMIN_PASSWORD_RULE, ADMIN_TOTP_SETUP_WRONG } from '@app/contract/admin/admin-messages.ts';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import type { AdminConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  closeEnrolments,
  endSessionsOf,
  replaceRecoveryCodes,
  selectOperator,
  selectUsableEnrolment,
  updateOperator,
} from './admin-repository.ts';
import { decryptSecret, newRecoveryCodes, recoveryCodeHash, tokenHash, totpStepOf, totpUri } from './operator-secrets.ts';
import { recordAudit } from './record-audit.ts';

const invalidLink = () =>
  new AppError('NOT_FOUND', { userMessage: ADMIN_ENROLMENT_INVALID, message: 'enrolment link unknown, used or expired' });

async function openEnrolment(db: Db, config: AdminConfig, token: string, now: Date) {
  const enrolment = await selectUsableEnrolment(db, tokenHash(config.secret, token), now);
  const operator = enrolment ? await selectOperator(db, enrolment.operatorId) : null;
  if (!enrolment || !operator || operator.disabled) throw invalidLink();
  return { enrolment, operator, secret: decryptSecret(config.secret, enrolment.totpSecret) };
}

/** What the enrolment page shows: who is enrolling and the TOTP secret as a QR code and as text. */
export async function showEnrolment(options: { db: Db; config: AdminConfig; token: string; now: Date }): Promise<{
  username: string;
  role: TOperatorRole;
  qrDataUrl: string;
  secret: string;
}> {
  const { operator, secret } = await openEnrolment(options.db, options.config, options.token, options.now);
  const qrDataUrl = await QRCode.toDataURL(totpUri(secret, operator.username), { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { username: operator.username, role: operator.role as TOperatorRole, qrDataUrl, secret };
}

/**
 * Completes the link: the password (argon2id) and the TOTP factor, proven by a first code
 * (whose step counts as used), and ten fresh recovery codes shown once. The link closes and
 * every session of the operator ends; the lock and failure count are cleared.
 */
export async function completeEnrolment(options: {
  db: Db;
  config: AdminConfig;
  token: string;
  password: string;
  code: string;
  now: Date;
}): Promise<{ recoveryCodes: string[] }> {
  const { config, now } = options;
  const { enrolment, operator, secret } = await openEnrolment(options.db, config, options.token, now);
  if (options.password.length < 12 || options.password.toLowerCase().includes(operator.username)) {
    throw new AppError('FIELD_INVALID', { userMessage: ADMIN_PASSWORD_RULE, message: 'password refused' });
  }
  const step = totpStepOf(secret, options.code, now);
  if (step === null) throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_TOTP_SETUP_WRONG, message: 'enrolment code wrong' });
  const passwordHash = await hash(options.password);
  const recoveryCodes = newRecoveryCodes();
  await options.db.transaction(async (tx) => {
    // Still open inside the transaction: two tabs completing one link enrol once.
    if (!(await selectUsableEnrolment(tx, enrolment.tokenHash, now))) throw invalidLink();
    await closeEnrolments(tx, operator.id, now);
    await updateOperator(tx, operator.id, {
      passwordHash,
      totpSecret: enrolment.totpSecret,
      totpLastStep: step,
      failedLogins: 0,
      lockedUntil: null,
    });
    await replaceRecoveryCodes(
      tx,
      operator.id,
      recoveryCodes.map((code) => recoveryCodeHash(config.secret, code)),
    );
    await endSessionsOf(tx, operator.id, now);
    await recordAudit({
      db: tx,
      actor: { operatorId: operator.id, operatorName: operator.username },
      at: now,
      action: 'operator.enrolled',
      target: `operator:${operator.username}`,
    });
  });
  return { recoveryCodes };
}
