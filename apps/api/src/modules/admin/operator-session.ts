import { ADMIN_SESSION_IDLE, ADMIN_SESSION_REQUIRED } from '@app/contract/admin/admin-messages.ts';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import type { AdminConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { endSession, selectOpenSession, touchSession } from './admin-repository.ts';
import { tokenHash } from './operator-secrets.ts';
import { recordAudit } from './record-audit.ts';

export interface OperatorCaller {
  sessionId: number;
  operatorId: number;
  username: string;
  role: TOperatorRole;
  csrfToken: string;
}

/**
 * The operator behind a session cookie. A session idle longer than the limit ends (and
 * says so); a disabled operator's session ends; otherwise it is kept alive from now.
 */
export async function resolveOperatorSession(options: {
  db: Db;
  config: AdminConfig;
  token: string | undefined;
  now: Date;
}): Promise<OperatorCaller> {
  const { db, config, now } = options;
  if (!options.token) throw new AppError('UNAUTHENTICATED', { userMessage: ADMIN_SESSION_REQUIRED, message: 'no admin session' });
  const found = await selectOpenSession(db, tokenHash(config.secret, options.token));
  if (!found) throw new AppError('UNAUTHENTICATED', { userMessage: ADMIN_SESSION_REQUIRED, message: 'unknown admin session' });
  const { session, operator } = found;
  if (operator.disabled) {
    await endSession(db, session.id, now);
    throw new AppError('UNAUTHENTICATED', { userMessage: ADMIN_SESSION_REQUIRED, message: 'operator disabled' });
  }
  if (now.getTime() - session.lastSeenAt.getTime() > config.idleMinutes * 60_000) {
    await endSession(db, session.id, now);
    throw new AppError('UNAUTHENTICATED', { userMessage: ADMIN_SESSION_IDLE, message: 'admin session idle' });
  }
  await touchSession(db, session.id, now);
  return {
    sessionId: session.id,
    operatorId: operator.id,
    username: operator.username,
    role: operator.role as TOperatorRole,
    csrfToken: session.csrfToken,
  };
}

export async function logOutOperator(options: { db: Db; caller: OperatorCaller; now: Date }): Promise<void> {
  const { caller, now } = options;
  await options.db.transaction(async (tx) => {
    await endSession(tx, caller.sessionId, now);
    await recordAudit({
      db: tx,
      actor: { operatorId: caller.operatorId, operatorName: caller.username },
      at: now,
      action: 'operator.logout',
      target: `operator:${caller.username}`,
    });
  });
}
