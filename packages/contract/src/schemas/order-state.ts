import { z } from 'zod';

/** An order's state, apart from the rest of the orders' schemas: the loans home shows it (schemas/loan-home.ts). */

/**
 * The states, named as the UI shows them. 待簽約: applied, contract not signed yet (the
 * borrower may still walk away); then PRODUCT.md's machine from 審核中.
 */
export const ORDER_STATES = ['待簽約', '審核中', '已核准', '放款中', '待還款', '已逾期', '已結清', '已拒絕', '已取消'] as const;
export const ZOrderStateSchema = z.enum(ORDER_STATES);
export type TOrderState = z.infer<typeof ZOrderStateSchema>;

/** States after which an order is no longer open. */
export const CLOSED_ORDER_STATES = ['已結清', '已拒絕', '已取消'] as const satisfies readonly TOrderState[];
