import { LOAN_CONTRACT_NOT_SIGNED } from '@app/contract/messages/loans.ts';
import { ORDER_NOT_FOUND, ORDER_STATE_CHANGED } from '@app/contract/messages/orders.ts';
import type { TOrderStateResponse } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { submitForDecision } from '../decisions/index.ts';
import { changeOrderState, getOrderOfUser } from '../orders/index.ts';

const refuse = (userMessage: string, message: string) => new AppError('BUSINESS_RULE', { userMessage, message });

/**
 * loan/confirm — after signing, the borrower submits the order: it must be theirs, await
 * signature (待簽約) and have its contract signed. It moves to 審核中 and goes to the
 * decision in one transaction. A repeat once it is 審核中 answers that state again.
 */
export async function confirmLoan(options: {
  db: Db;
  jobs: JobQueue;
  /** How long 審核中 stays visible before the decision runs (DECISION_DELAY_MS). */
  decisionDelayMs: number;
  userId: number;
  orderId: string;
  now: Date;
}): Promise<TOrderStateResponse> {
  const { db, jobs, decisionDelayMs, userId, now } = options;
  const order = await getOrderOfUser({ db, userId, orderId: Number(options.orderId) });
  if (!order) throw refuse(ORDER_NOT_FOUND, 'order not found');
  if (order.state === '審核中') return { orderId: String(order.id), state: order.state };
  if (order.state !== '待簽約') throw refuse(ORDER_STATE_CHANGED, `order is ${order.state}`);
  if (!order.contractSignedAt) throw refuse(LOAN_CONTRACT_NOT_SIGNED, 'contract not signed');
  await db.transaction(async (tx) => {
    const moved = await changeOrderState({ db: tx, orderId: order.id, from: ['待簽約'], to: '審核中', cause: 'borrower', at: now });
    if (!moved) throw refuse(ORDER_STATE_CHANGED, 'order moved meanwhile');
    // Enqueued in the same transaction: the decision exists only if the change commits.
    await submitForDecision({ db: tx, jobs, orderId: order.id, delayMs: decisionDelayMs });
  });
  return { orderId: String(order.id), state: '審核中' };
}
