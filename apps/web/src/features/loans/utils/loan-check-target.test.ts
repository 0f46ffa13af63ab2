import { describe, expect, it } from 'vitest';
import { loanCheckTarget } from './loan-check-target.ts';

const two = { productIds: ['1', '2'] };

describe('where 立即申請 leads', () => {
  it('a visitor logs in first and comes back to the loans page', () => {
    expect(loanCheckTarget({ next: 'login' }, two)).toEqual({ kind: 'go', to: '/pages/login/index?redirect=%2Fpages%2Floans%2Findex' });
  });

  it('an unfinished onboarding goes to that step’s page', () => {
    expect(loanCheckTarget({ next: 'personal' }, two)).toEqual({ kind: 'go', to: '/pages/me/userInfo' });
    expect(loanCheckTarget({ next: 'bankCard' }, two)).toEqual({ kind: 'go', to: '/pages/me/bankInfo' });
    expect(loanCheckTarget({ next: 'face' }, two)).toEqual({ kind: 'go', to: '/pages/me/faceDome' });
  });

  it('an order awaiting signature resumes signing; any other open order shows its detail', () => {
    expect(loanCheckTarget({ next: 'order', orderId: '7', orderState: '待簽約' }, two)).toEqual({
      kind: 'go',
      to: '/pages/loans/sign?orderId=7',
    });
    expect(loanCheckTarget({ next: 'order', orderId: '7', orderState: '待還款' }, two)).toEqual({
      kind: 'go',
      to: '/pages/order/detail?orderId=7',
    });
  });

  it('a refusal’s cool-down is a message with its date, not a page', () => {
    expect(loanCheckTarget({ next: 'coolDown', coolDownUntil: '2026-12-01' }, two)).toEqual({ kind: 'coolDown', until: '2026-12-01' });
  });

  it('the application: the product in progress, else the only product, else the list', () => {
    expect(loanCheckTarget({ next: 'apply' }, { productIds: ['1', '2'], preferredProductId: '2' })).toEqual({
      kind: 'go',
      to: '/pages/loans/applyFor?productId=2',
    });
    expect(loanCheckTarget({ next: 'apply' }, { productIds: ['1', '2'], preferredProductId: '9' })).toEqual({
      kind: 'go',
      to: '/pages/loans/productList',
    });
    expect(loanCheckTarget({ next: 'apply' }, { productIds: ['3'] })).toEqual({ kind: 'go', to: '/pages/loans/applyFor?productId=3' });
    expect(loanCheckTarget({ next: 'apply' }, two)).toEqual({ kind: 'go', to: '/pages/loans/productList' });
  });
});
