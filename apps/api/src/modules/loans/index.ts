/**
 * What other modules may use of `loans` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { SQL } from 'drizzle-orm';
import { highestEnabledProductMax } from './loans-repository.ts';

export { listCampaignsForConsole, changeCampaign, createCampaign } from './campaigns.ts';
export { creditLimitOf } from './credit-limit.ts';
export { getOrderRecord } from './get-order-record.ts';
export { listProductsForConsole, listProductVersions, productInputOf, productFormOf } from './manage-loan-products.ts';
export { checkProductTerms, changeLoanProduct, createLoanProduct } from './save-loan-product.ts';

/**
 * The highest maximum of the enabled products as an SQL value, for a combined read (who am
 * I answers it as the credit limit of a user who completed onboarding; see credit-limit.ts).
 */
export function highestProductMaxValue(): SQL<number> {
  return highestEnabledProductMax();
}
