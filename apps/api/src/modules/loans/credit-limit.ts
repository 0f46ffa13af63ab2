import type { LoanProductRecord } from './loans-repository.ts';

/**
 * A user's credit limit, NT$. No per-user limits are granted yet: until they are, a user
 * who completed the five onboarding steps may borrow up to the highest maximum of the enabled products, and nothing before. The
 * decision still checks each application on its own. queryCashUser answers the same rule
 * in its combined read (highest-product-max-value.ts).
 */
export function creditLimitOf(options: { onboardingComplete: boolean; products: readonly LoanProductRecord[] }): number {
  if (!options.onboardingComplete) return 0;
  return options.products.reduce((highest, product) => Math.max(highest, product.terms.amount.max), 0);
}

/** The highest product maximum: what a visitor (or a user still onboarding) is shown. */
export function highestProductMax(products: readonly LoanProductRecord[]): number {
  return products.reduce((highest, product) => Math.max(highest, product.terms.amount.max), 0);
}
