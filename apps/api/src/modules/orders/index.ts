/**
 * What other modules may use of `orders` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import { selectOrderCountsByProductVersion, updateContractSigned, openOrderCondition, inReviewCondition } from './orders-repository.ts';
import {
  selectOverdueNow,
  selectOrderIdByNumber,
  selectStateHistory,
  selectOrdersOfUser,
  orderStepConditions,
} from './order-figures-repository.ts';
import type { SQL, SQLWrapper } from 'drizzle-orm';

export { changeOrderState, changeOrderStatesFrom } from './change-order-state.ts';
export { changeReceivingAccount } from './change-receiving-account.ts';
export { countDecisionsByDay } from './count-decisions-by-day.ts';
export { createOrder } from './create-order.ts';
export { findCoolDown, findOpenOrder } from './find-open-order.ts';
export { getOrderDetail } from './get-order-detail.ts';
export { getOrder, getOrderOfUser, getOrders } from './get-order.ts';
export { listOrders } from './list-orders.ts';
export { listReceivingAccountChanges } from './list-receiving-account-changes.ts';
export type { LoanOrder } from './loan-order.ts';
export { lockOrder, lockRepayingOrders } from './lock-order.ts';
export { orderSummary, orderTermUnit } from './order-view.ts';

/** How many orders were made with each version of product `productId` (the console's product history). */
export async function countOrdersByProductVersion(options: { db: Db; productId: number }): Promise<Map<number, number>> {
  const rows = await selectOrderCountsByProductVersion(options.db, options.productId);
  return new Map(rows.map((row) => [row.version, row.n]));
}

/** Now: how many orders are overdue (已逾期) of those being repaid (待還款 or 已逾期). */
export async function countOverdueOrders(options: { db: Db }): Promise<{ overdue: number; repaying: number }> {
  return selectOverdueNow(options.db);
}

/** The order with this number (exact, e.g. L20261123000042) and its borrower, or null. */
export async function findOrderByNumber(options: { db: Db; orderNo: string }): Promise<{ id: number; userId: number } | null> {
  return selectOrderIdByNumber(options.db, options.orderNo.trim().toUpperCase());
}

/** An order's state changes, oldest first, with what caused each (borrower, decision, payout, operator…). */
export async function listStateHistory(options: {
  db: Db;
  orderId: number;
}): Promise<Array<{ from: string | null; to: string; cause: string; at: Date }>> {
  const rows = await selectStateHistory(options.db, options.orderId);
  return rows.map((row) => ({ from: row.fromState, to: row.toState, cause: row.cause, at: row.at }));
}

/** Every order of a user, newest first, as staff list them. */
export async function listUserOrders(options: { db: Db; userId: number }) {
  const rows = await selectOrdersOfUser(options.db, options.userId);
  return rows.map((row) => ({ ...row, orderNo: row.orderNo ?? '' }));
}

/** Records that the order's contract is signed (once; only while 待簽約). */
export function markContractSigned(options: { db: Db; orderId: number; at: Date }): Promise<boolean> {
  return updateContractSigned(options.db, options.orderId, options.at);
}

/**
 * Whether an order awaits a decision (審核中), as a flag for a combined read (`orderId`: a
 * column or a placeholder): the review queue starts from these few orders, not from every past review.
 */
export function inReviewFlag(orderId: SQLWrapper): SQL<boolean> {
  return inReviewCondition(orderId);
}

/** Whether a user has an open order, as a flag for a combined read (`userId`: a column or a placeholder). */
export function openOrderFlag(userId: SQLWrapper): SQL<boolean> {
  return openOrderCondition(userId);
}

/**
 * A user's loan steps as flags for a combined read (`userId`: a column or a placeholder):
 * applied (an order exists), signed (a contract was signed), paid out (a payout date set).
 */
export function orderFunnelFlags(userId: SQLWrapper): { applied: SQL<boolean>; signed: SQL<boolean>; paidOut: SQL<boolean> } {
  return orderStepConditions(userId);
}
