import type { Db } from '../../db/client.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { countProducts, lockProductSeed } from './loans-repository.ts';
import { saveLoanProduct, type LoanProductInput } from './save-loan-product.ts';

/** PRODUCT.md "Default products", named as the home page shows them. */
export const DEFAULT_LOAN_PRODUCTS: readonly LoanProductInput[] = [
  { name: '90 天輕鬆借', terms: DEFAULT_SINGLE_REPAYMENT_PRODUCT, sortOrder: 1 },
  { name: '分期輕鬆還', terms: DEFAULT_EQUAL_INSTALMENT_PRODUCT, sortOrder: 2 },
];

/**
 * Saves the default products through saveLoanProduct (so they pass the cap check like
 * any other) into an empty table only: an operator's edits and removals are kept. Under
 * a lock, so instances starting together seed once.
 */
export async function seedLoanProducts(options: { db: Db; now: Date }): Promise<void> {
  await options.db.transaction(async (tx) => {
    await lockProductSeed(tx);
    if ((await countProducts(tx)) > 0) return;
    for (const product of DEFAULT_LOAN_PRODUCTS) await saveLoanProduct({ db: tx, now: options.now, product, changedBy: '(預設產品)' });
  });
}
