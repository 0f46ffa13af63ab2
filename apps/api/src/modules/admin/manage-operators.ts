import { ADMIN_CANNOT_CHANGE_SELF, ADMIN_NOT_FOUND } from '@app/contract/admin/admin-messages.ts';
import type { TOperatorRole } from '@app/contract/admin/admin-roles.ts';
import type { TOperatorListResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { endSessionsOf, selectOperator, selectOperators, updateOperator } from './admin-repository.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/** Every operator, with whether they have enrolled and whether they are locked or disabled. */
export async function listOperators(options: { db: Db }): Promise<TOperatorListResponse> {
  const rows = await selectOperators(options.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      username: row.username,
      role: row.role as TOperatorRole,
      disabled: row.disabled,
      enrolled: row.passwordHash !== null && row.totpSecret !== null,
      lockedUntil: row.lockedUntil?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    })),
  };
}

/**
 * An administrator changes another operator's role or disables them (their sessions end at
 * once). Never oneself: the last administrator cannot lock the lender out by mistake.
 */
export async function changeOperator(options: {
  db: Db;
  actor: Actor & { operatorId: number };
  operatorId: number;
  role?: TOperatorRole | undefined;
  disabled?: boolean | undefined;
  now: Date;
}): Promise<void> {
  const { actor, operatorId, now } = options;
  if (operatorId === actor.operatorId)
    throw new AppError('BUSINESS_RULE', { userMessage: ADMIN_CANNOT_CHANGE_SELF, message: 'operator changes self' });
  await options.db.transaction(async (tx) => {
    const operator = await selectOperator(tx, operatorId);
    if (!operator) throw new AppError('NOT_FOUND', { userMessage: ADMIN_NOT_FOUND, message: 'no such operator' });
    const role = options.role ?? (operator.role as TOperatorRole);
    const disabled = options.disabled ?? operator.disabled;
    await updateOperator(tx, operatorId, { role, disabled });
    if (disabled || role !== operator.role) await endSessionsOf(tx, operatorId, now);
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'operator.updated',
      target: `operator:${operator.username}`,
      before: { role: operator.role, disabled: operator.disabled },
      after: { role, disabled },
    });
  });
}
