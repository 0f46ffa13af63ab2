import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { productAprOverCap, productTermTooShort } from '@app/contract/messages/loans.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import { loanProducts } from '../../db/schema/loans.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { money } from '../../domain/money.ts';
import { AppError } from '../../errors/app-error.ts';
import { accountsServerPerFile, bodyOf } from '../../test/accounts-test-kit.ts';
import { saveLoanProduct } from './save-loan-product.ts';
import { seedLoanProducts } from './seed-loan-products.ts';

const { database, server } = accountsServerPerFile();

const db = () => database.handle.db;
const allRows = () => db().select().from(loanProducts).orderBy(loanProducts.id);

/** The use case's refusal: its message for the operator, or a failure when it saved. */
async function refusalOf(product: { name: string; terms: LoanProductTerms }): Promise<string> {
  try {
    await saveLoanProduct({ db: db(), now: server.clock.now(), product });
  } catch (error) {
    if (error instanceof AppError && error.code === 'BUSINESS_RULE') return error.userMessage;
    throw error;
  }
  throw new Error('the product was saved');
}

describe('loan products', () => {
  it('are seeded from the default products on first start, in order, and shown on the home page', async () => {
    const rows = await allRows();
    expect(
      rows.map((row) => [row.name, row.method, Number(row.annualRatePercent), row.amountMin, row.amountMax, row.amountStep, row.terms]),
    ).toEqual([
      ['90 天輕鬆借', 'singleRepayment', 12, 3_000, 20_000, 1_000, [90]],
      ['分期輕鬆還', 'equalInstalments', 12, 10_000, 100_000, 1_000, [3, 6, 12]],
    ]);
    expect(rows[0]?.extension).toEqual(DEFAULT_SINGLE_REPAYMENT_PRODUCT.extension);
    expect(rows[1]?.extension).toBeNull();

    const home = bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {})).envelope);
    expect(home.products.map((product) => [product.name, product.termUnit, product.terms])).toEqual([
      ['90 天輕鬆借', 'day', [90]],
      ['分期輕鬆還', 'month', [3, 6, 12]],
    ]);
  });

  it('seeds again into an empty table only: a second start keeps an operator edit', async () => {
    await db().update(loanProducts).set({ amountMax: 15_000 }).where(eq(loanProducts.name, '90 天輕鬆借'));
    await seedLoanProducts({ db: db(), now: server.clock.now() });
    const rows = await allRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.amountMax).toBe(15_000);
    await db().update(loanProducts).set({ amountMax: 20_000 }).where(eq(loanProducts.name, '90 天輕鬆借'));
  });

  it('refuses an over-cap product and stores nothing', async () => {
    const before = await allRows();
    // A NT$100 fee due with a NT$3,000 loan over 90 days: (89 + 100) / 3,000 × 365 / 90 = 25.55 %.
    const withFee: LoanProductTerms = {
      ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      fees: [{ code: 'service', name: '手續費', fixed: money(100), percentOfPrincipal: 0 }],
      extension: null,
    };
    expect(await refusalOf({ name: '手續費方案', terms: withFee })).toBe(productAprOverCap(3_000, 90, 25.55, 16));

    // Under the cap alone, over it once extended twice (a 1 % extension fee at 14 %).
    const extended: LoanProductTerms = {
      ...DEFAULT_SINGLE_REPAYMENT_PRODUCT,
      annualRatePercent: 14,
      extension: {
        periodDays: 30,
        maxCount: 2,
        windowDays: 7,
        fee: { code: 'extension', name: '展期手續費', fixed: money(0), percentOfPrincipal: 1 },
      },
    };
    const extendedRefusal = await refusalOf({ name: '展期方案', terms: extended });
    expect(extendedRefusal).toMatch(/^金額 NT\$\u00a0[\d,]+、期限 90 展期後的總費用年百分率 \d+\.\d\d% 超過上限 16%$/);

    // Editing an existing product into an over-cap one is refused the same way.
    expect(await refusalOf({ name: '分期輕鬆還', terms: { ...DEFAULT_EQUAL_INSTALMENT_PRODUCT, annualRatePercent: 17 } })).toMatch(
      /超過上限 16%/,
    );

    expect(await allRows()).toEqual(before);
  });

  it('refuses a term shorter than 61 days, naming it', async () => {
    const before = await allRows();
    expect(await refusalOf({ name: '短期方案', terms: { ...DEFAULT_SINGLE_REPAYMENT_PRODUCT, terms: [30, 90] } })).toBe(
      productTermTooShort(30, 30, 61),
    );
    expect(await allRows()).toEqual(before);
  });

  it('saves a product under the cap and replaces it by name', async () => {
    const terms: LoanProductTerms = { ...DEFAULT_EQUAL_INSTALMENT_PRODUCT, annualRatePercent: 9.5, terms: [6] };
    const { id } = await saveLoanProduct({
      db: db(),
      now: server.clock.now(),
      product: { name: '六期低利', terms, sortOrder: 3, enabled: false },
    });
    const { id: again } = await saveLoanProduct({
      db: db(),
      now: server.clock.now(),
      product: { name: '六期低利', terms: { ...terms, annualRatePercent: 8.75 }, sortOrder: 3, enabled: false },
    });
    expect(again).toBe(id);
    const [row] = await db().select().from(loanProducts).where(eq(loanProducts.id, id));
    expect(Number(row?.annualRatePercent)).toBe(8.75);
    // Disabled: not offered on the home page.
    const home = bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {})).envelope);
    expect(home.products.map((product) => product.name)).not.toContain('六期低利');
  });
});
