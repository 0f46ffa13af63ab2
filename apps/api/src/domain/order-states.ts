import type { TOrderState } from '@app/contract/schemas/orders.ts';

/**
 * The order state machine (PRODUCT.md "Orders: one state machine"), with 待簽約 before it:
 * applied, contract not yet signed. Every change goes through orders' changeOrderState,
 * which refuses a transition that is not listed here.
 */
export const ORDER_TRANSITIONS: Readonly<Record<TOrderState, readonly TOrderState[]>> = {
  待簽約: ['審核中', '已取消'],
  審核中: ['已核准', '已拒絕', '已取消'],
  已核准: ['放款中', '已取消'],
  放款中: ['待還款'],
  待還款: ['已逾期', '已結清'],
  已逾期: ['待還款', '已結清'],
  已結清: [],
  已拒絕: [],
  已取消: [],
};

export function canChangeOrderState(from: TOrderState, to: TOrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** States in which the borrower owes money on a schedule. */
export const REPAYING_ORDER_STATES = ['待還款', '已逾期'] as const satisfies readonly TOrderState[];
