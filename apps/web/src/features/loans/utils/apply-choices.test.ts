import { describe, expect, it } from 'vitest';
import type { TLoanProduct } from '@app/contract/schemas/loans.ts';
import { alignAmount, initialChoices, modestAmount } from './apply-choices.ts';

const single: TLoanProduct = {
  id: '1',
  name: '短期週轉',
  method: 'singleRepayment',
  annualRatePercent: 12,
  amountMin: 3000,
  amountMax: 20000,
  amountStep: 1000,
  terms: [90],
  termUnit: 'day',
  aprMinPercent: 12,
  aprMaxPercent: 15.5,
  extension: null,
};
const monthly: TLoanProduct = {
  ...single,
  id: '2',
  method: 'equalInstalments',
  amountMin: 10000,
  amountMax: 55500,
  terms: [3, 6, 12],
  termUnit: 'month',
};
const cards = [
  { id: '10', isDefault: false },
  { id: '11', isDefault: true },
];
const purposes = [{ code: 'living' }, { code: 'medical' }];

describe('applyFor amounts', () => {
  it('keeps an amount on the min + k × step grid, within the range', () => {
    expect(alignAmount(single, 2000)).toBe(3000);
    expect(alignAmount(single, 3400)).toBe(3000);
    expect(alignAmount(single, 3600)).toBe(4000);
    expect(alignAmount(single, 99999)).toBe(20000);
    expect(alignAmount(monthly, 55500)).toBe(55000);
    expect(alignAmount(single, Number.NaN)).toBe(3000);
  });
});

describe('the modest amount a new application starts at', () => {
  it('is NT$10,000 on the default products, never their maximum', () => {
    expect(modestAmount(single)).toBe(10000);
    expect(modestAmount(monthly)).toBe(10000);
    expect(modestAmount({ amountMin: 10000, amountMax: 100000, amountStep: 1000 })).toBe(10000);
  });

  it('is the middle of a range whose middle is lower, rounded down onto the grid, never the top', () => {
    expect(modestAmount({ amountMin: 3000, amountMax: 8000, amountStep: 1000 })).toBe(5000);
    expect(modestAmount({ amountMin: 3000, amountMax: 4000, amountStep: 1000 })).toBe(3000);
  });

  it("is the product's minimum when that is higher, and its only amount when min is max", () => {
    expect(modestAmount({ amountMin: 20000, amountMax: 60000, amountStep: 5000 })).toBe(20000);
    expect(modestAmount({ amountMin: 5000, amountMax: 5000, amountStep: 1000 })).toBe(5000);
  });
});

describe('applyFor starts from', () => {
  it('a new application: the asked product, a modest amount (not its highest), the first term, the default card, no purpose', () => {
    expect(initialChoices({ products: [single, monthly], cards, purposes, askedProductId: '2', saved: undefined })).toEqual({
      productId: '2',
      amount: 10000,
      term: 3,
      bankCardId: '11',
      purpose: undefined,
    });
  });

  it('the application in progress, when the product is the same and the choices still fit', () => {
    const saved = { userId: '5', productId: '2', amount: 23000, term: 6, bankCardId: '10', purpose: 'medical' };
    expect(initialChoices({ products: [single, monthly], cards, purposes, askedProductId: null, saved })).toEqual({
      productId: '2',
      amount: 23000,
      term: 6,
      bankCardId: '10',
      purpose: 'medical',
    });
  });

  it('another product asked for: amount and term start afresh, card and purpose are kept', () => {
    const saved = { userId: '5', productId: '2', amount: 23000, term: 6, bankCardId: '10', purpose: 'medical' };
    expect(initialChoices({ products: [single, monthly], cards, purposes, askedProductId: '1', saved })).toEqual({
      productId: '1',
      amount: 10000,
      term: 90,
      bankCardId: '10',
      purpose: 'medical',
    });
  });

  it('choices that no longer fit are dropped: a removed card, an unknown purpose, a term the product lost', () => {
    const saved = { userId: '5', productId: '2', amount: 23000, term: 24, bankCardId: '99', purpose: 'gambling' };
    expect(initialChoices({ products: [monthly], cards, purposes, askedProductId: null, saved })).toEqual({
      productId: '2',
      amount: 23000,
      term: 3,
      bankCardId: '11',
      purpose: undefined,
    });
  });

  it('nothing to apply for without a product', () => {
    expect(initialChoices({ products: [], cards, purposes, askedProductId: null, saved: undefined })).toBeNull();
  });
});
