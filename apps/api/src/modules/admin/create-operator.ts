import { ADMIN_USERNAME_TAKEN } from '@app/contract/admin/admin-messages.ts';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import type { AdminConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { closeEnrolments, insertEnrolment, insertOperator, selectOperator } from './admin-repository.ts';
import { encryptSecret, newTotpSecret, randomToken, tokenHash } from './operator-secrets.ts';
import { recordAudit, type Actor } from './record-audit.ts';

export interface EnrolmentLink {
  operatorId: number;
  /** Path and hash of the console's enrolment page, to put after the server's origin. */
  enrolmentPath: string;
  expiresAt: Date;
}

/** The console page that enrols an operator (hash route: the token never reaches a server log or a Referer). */
export function enrolmentPathOf(token: string): string {
  return `/admin/#/enrol/${token}`;
}

async function issueEnrolment(db: Db, config: AdminConfig, operatorId: number, now: Date): Promise<EnrolmentLink> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + config.enrolmentHours * 3_600_000);
  await closeEnrolments(db, operatorId, now);
  await insertEnrolment(db, {
    operatorId,
    tokenHash: tokenHash(config.secret, token),
    totpSecret: encryptSecret(config.secret, newTotpSecret()),
    expiresAt,
  });
  return { operatorId, enrolmentPath: enrolmentPathOf(token), expiresAt };
}

/**
 * A new operator with no password and no second factor: they get a one-time enrolment link
 * (never a default password) where they choose a password and enrol TOTP. Used by the
 * console and by `npm run admin:create` for the first administrator.
 */
export async function createOperator(options: {
  db: Db;
  config: AdminConfig;
  actor: Actor;
  username: string;
  role: TOperatorRole;
  now: Date;
}): Promise<EnrolmentLink> {
  const { config, username, role, now } = options;
  return options.db.transaction(async (tx) => {
    const operatorId = await insertOperator(tx, { username, role });
    if (operatorId === null) throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_USERNAME_TAKEN, message: 'username taken' });
    const link = await issueEnrolment(tx, config, operatorId, now);
    await recordAudit({
      db: tx,
      actor: options.actor,
      at: now,
      action: 'operator.created',
      target: `operator:${username}`,
      after: { username, role },
    });
    return link;
  });
}

/**
 * A new enrolment link for an operator who lost their phone or password: earlier links
 * stop working; the old password and factor keep working until the new link is used.
 */
export async function reissueEnrolment(options: {
  db: Db;
  config: AdminConfig;
  actor: Actor;
  operatorId: number;
  now: Date;
}): Promise<EnrolmentLink | null> {
  const { config, operatorId, now } = options;
  return options.db.transaction(async (tx) => {
    const operator = await selectOperator(tx, operatorId);
    if (!operator) return null;
    const link = await issueEnrolment(tx, config, operatorId, now);
    await recordAudit({
      db: tx,
      actor: options.actor,
      at: now,
      action: 'operator.enrolmentReissued',
      target: `operator:${operator.username}`,
    });
    return link;
  });
}
