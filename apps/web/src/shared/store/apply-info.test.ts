import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from './local-store.ts';
import { applyRequestId, clearApplyInfo, readApplyInfo, updateApplyInfo } from './apply-info.ts';

const storage = new Map<string, string>();

beforeEach(() => {
  storage.clear();
  storage.set('token', '"t-1"');
  storage.set('loginInfo', '{"userId":"5","uuId":"u"}');
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('applyInfo: the application in progress', () => {
  it('keeps the choices under the stored item applyInfo, for the user who made them', () => {
    updateApplyInfo({ productId: '2', amount: 23000, term: 6, bankCardId: '10', purpose: 'medical' });
    expect(JSON.parse(storage.get('applyInfo') ?? 'null')).toEqual({
      userId: '5',
      productId: '2',
      amount: 23000,
      term: 6,
      bankCardId: '10',
      purpose: 'medical',
    });
    expect(readApplyInfo()).toMatchObject({ productId: '2', amount: 23000 });

    storage.set('loginInfo', '{"userId":"6","uuId":"v"}');
    expect(readApplyInfo()).toBeUndefined();
  });

  it('repeats one requestId for an attempt, and starts a new attempt when a choice changes', () => {
    updateApplyInfo({ productId: '2', amount: 23000, term: 6 });
    const first = applyRequestId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(applyRequestId()).toBe(first);
    updateApplyInfo({ amount: 23000, orderId: '9' });
    expect(applyRequestId()).toBe(first);
    updateApplyInfo({ amount: 24000 });
    expect(applyRequestId()).not.toBe(first);
  });

  it('ignores what does not have the right shape (the item is user-editable storage)', () => {
    storage.set(
      'applyInfo',
      JSON.stringify({ userId: '5', productId: 7, amount: '1000', term: -3, purpose: 'x'.repeat(200), orderId: '3' }),
    );
    expect(readApplyInfo()).toEqual({ userId: '5', orderId: '3' });
    storage.set('applyInfo', '{not json');
    expect(readApplyInfo()).toBeUndefined();
  });

  it('is cleared after the confirmation, and with the session on a 301', () => {
    updateApplyInfo({ productId: '2' });
    clearApplyInfo();
    expect(storage.has('applyInfo')).toBe(false);
    updateApplyInfo({ productId: '2' });
    clearSession();
    expect(storage.has('applyInfo')).toBe(false);
  });

  it('keeps nothing for a visitor', () => {
    storage.delete('loginInfo');
    expect(updateApplyInfo({ productId: '2' })).toBeUndefined();
    expect(storage.has('applyInfo')).toBe(false);
  });
});
