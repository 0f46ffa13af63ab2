import {
  ADMIN_COMMAND_LINE_TWO_PEOPLE,
  ADMIN_REVIEW_NOT_WAITING,
  ADMIN_SECOND_APPROVER_REQUIRED,
} from '@app/contract/admin/admin-messages.ts';
import type { TReviewDecisionResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { getDecisionPolicy, isAwaitingStaff, resolveManualReview } from '../decisions/index.ts';
import { getOrder } from '../orders/index.ts';
import type { PayoutPolicy } from '../payments/index.ts';
import { deletePendingApproval, insertPendingApproval, selectOperatorNames, selectPendingApproval } from './admin-repository.ts';
import { recordAudit, type Actor } from './record-audit.ts';

const notWaiting = () => new AppError('BUSINESS_RULE', { userMessage: ADMIN_REVIEW_NOT_WAITING, message: 'order not awaiting staff' });

/**
 * A reviewer's verdict on an application the engine left to staff. The order moves through
 * the decisions module's own use case, exactly as an automatic decision moves it (approved:
 * payout requested; refused: the staff-review reason and the cool-down). Maker-checker:
 * an approval of a principal above the policy's `secondApprovalAbove` (decisions'
 * policy in force) is first recorded, and takes effect only when another operator
 * approves too; a refusal needs one operator. The audit row keeps the threshold applied.
 */
export async function decideReview(options: {
  db: Db;
  jobs: JobQueue;
  /** A signed-in operator, or the command line (operatorId null: refused where two people are needed). */
  actor: Actor;
  orderId: number;
  verdict: 'approve' | 'refuse';
  reasonCode: string;
  note: string;
  payoutPolicy: PayoutPolicy;
  now: Date;
}): Promise<TReviewDecisionResponse> {
  const { jobs, actor, orderId, verdict, reasonCode, note, now } = options;
  return options.db.transaction(async (tx) => {
    const order = await getOrder({ db: tx, orderId });
    if (!order || order.state !== '審核中' || !(await isAwaitingStaff({ db: tx, orderId }))) throw notWaiting();
    const target = `order:${order.orderNo}`;
    const pending = await selectPendingApproval(tx, orderId);
    const firstBy = pending ? ((await selectOperatorNames(tx, [pending.operatorId])).get(pending.operatorId) ?? null) : null;
    const { secondApprovalAbove } = await getDecisionPolicy({ db: tx });

    if (verdict === 'approve' && order.principal > secondApprovalAbove) {
      if (actor.operatorId === null)
        throw new AppError('BUSINESS_RULE', {
          userMessage: ADMIN_COMMAND_LINE_TWO_PEOPLE,
          message: 'two-person approval from the command line',
        });
      if (!pending) {
        await insertPendingApproval(tx, { orderId, operatorId: actor.operatorId, reasonCode, note });
        await recordAudit({
          db: tx,
          actor,
          at: now,
          action: 'review.firstApproval',
          target,
          before: { state: order.state },
          after: { state: order.state, reasonCode, note, principal: order.principal, secondApprovalAbove },
        });
        return { outcome: 'awaitingSecondApproval', orderState: order.state };
      }
      if (pending.operatorId === actor.operatorId) {
        throw new AppError('BUSINESS_RULE', {
          userMessage: ADMIN_SECOND_APPROVER_REQUIRED.replace('{amount}', secondApprovalAbove.toLocaleString('en-US')),
          message: 'second approval by the first approver',
        });
      }
    }

    const outcome = await resolveManualReview({
      db: tx,
      jobs,
      orderId,
      verdict,
      now,
      payoutPolicy: options.payoutPolicy,
      note: note ? `${reasonCode}: ${note}` : reasonCode,
    });
    if (outcome === 'notAwaitingReview') throw notWaiting();
    await deletePendingApproval(tx, orderId);
    const after = await getOrder({ db: tx, orderId });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: outcome === 'approved' ? 'review.approved' : 'review.refused',
      target,
      before: { state: order.state, ...(firstBy ? { firstApprovalBy: firstBy } : {}) },
      after: {
        state: after?.state ?? null,
        reasonCode,
        note,
        ...(verdict === 'approve' ? { principal: order.principal, secondApprovalAbove } : {}),
      },
    });
    return { outcome, orderState: after?.state ?? order.state };
  });
}
