import type { TAuditAction } from '@app/contract/admin/admin-messages.ts';
import type { Db } from '../../db/client.ts';
import { insertAudit } from './admin-repository.ts';

/** Who acts: a signed-in operator, or (operatorId null) the command line or an unknown sign-in name. */
export interface Actor {
  operatorId: number | null;
  operatorName: string;
}

/**
 * Appends one row to the audit trail: who, when, what, on what, before and after. Called
 * in the transaction of the action it records, so an action is never without its row.
 * Never personal data in `before`/`after` beyond what the row's target already names.
 */
export async function recordAudit(options: {
  db: Db;
  actor: Actor;
  at: Date;
  action: TAuditAction;
  target?: string;
  before?: unknown;
  after?: unknown;
}): Promise<void> {
  await insertAudit(options.db, {
    at: options.at,
    operatorId: options.actor.operatorId,
    operatorName: options.actor.operatorName,
    action: options.action,
    target: options.target ?? '',
    before: options.before ?? null,
    after: options.after ?? null,
  });
}
