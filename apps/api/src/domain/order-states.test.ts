import { ORDER_STATES } from '@app/contract/schemas/orders.ts';
import { describe, expect, it } from 'vitest';
import { canChangeOrderState, ORDER_TRANSITIONS } from './order-states.ts';

describe('the order state machine', () => {
  it('lists every state, and closed states lead nowhere', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATES].sort());
    for (const closed of ['已結清', '已拒絕', '已取消'] as const) expect(ORDER_TRANSITIONS[closed]).toEqual([]);
  });

  it('follows the product path from application to settlement', () => {
    const path = ['待簽約', '審核中', '已核准', '放款中', '待還款', '已逾期', '已結清'] as const;
    for (let i = 1; i < path.length; i += 1) expect(canChangeOrderState(path[i - 1]!, path[i]!)).toBe(true);
  });

  it('never cancels once money has left, and never skips the review', () => {
    expect(canChangeOrderState('放款中', '已取消')).toBe(false);
    expect(canChangeOrderState('待還款', '已取消')).toBe(false);
    expect(canChangeOrderState('待簽約', '已核准')).toBe(false);
    expect(canChangeOrderState('審核中', '待還款')).toBe(false);
    expect(canChangeOrderState('已拒絕', '審核中')).toBe(false);
  });
});
