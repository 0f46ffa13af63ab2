import { ORDER_NOT_CANCELLABLE, ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type { TOrderStateResponse } from '@app/contract/schemas/loans.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { changeOrderState } from './change-order-state.ts';
import { getOrderOfUser } from './get-order.ts';

/** Before the payout: applied (unsigned), in review, or approved and not yet sent. */
export const CANCELLABLE_ORDER_STATES = ['待簽約', '審核中', '已核准'] as const satisfies readonly TOrderState[];

export function isCancellable(state: TOrderState): boolean {
  return (CANCELLABLE_ORDER_STATES as readonly TOrderState[]).includes(state);
}

const refuse = (userMessage: string, message: string) => new AppError('BUSINESS_RULE', { userMessage, message });

/**
 * loan/cancel — the borrower withdraws an order of theirs before its payout (PRODUCT.md:
 * 審核中 and 已核准 → 已取消; 待簽約 too, an application never signed). One transition,
 * guarded like every other: when the decision moved the order first (approved and paid
 * out in the same transaction), the cancel is refused and nothing changes. Cancelling a
 * cancelled order answers its state again. Another user's order is not found.
 */
export async function cancelOrder(options: { db: Db; userId: number; orderId: string; now: Date }): Promise<TOrderStateResponse> {
  const { db, userId, now } = options;
  const order = await getOrderOfUser({ db, userId, orderId: Number(options.orderId) });
  if (!order) throw refuse(ORDER_NOT_FOUND, 'order not found');
  if (order.state === '已取消') return { orderId: String(order.id), state: order.state };
  if (!isCancellable(order.state)) throw refuse(ORDER_NOT_CANCELLABLE, `order is ${order.state}`);
  const moved = await db.transaction((tx) =>
    changeOrderState({ db: tx, orderId: order.id, from: CANCELLABLE_ORDER_STATES, to: '已取消', cause: 'borrower', at: now }),
  );
  if (!moved) throw refuse(ORDER_NOT_CANCELLABLE, 'order moved meanwhile');
  return { orderId: String(order.id), state: '已取消' };
}
