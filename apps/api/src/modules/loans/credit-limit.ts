import type { LoanProductRecord } from './loans-repository.ts';

/**
 * A user's credit limit, NT$. No per-user limits are granted yet: until they are, a user
 * who completed the five onboarding steps (domain's isOnboardingComplete) may borrow up to
 * the highest maximum of the enabled products, and nothing before. The decision still
 * checks each application on its own. The one rule: the application, the home page and
 * queryCashUser (which reads the highest maximum in its combined read,
 * highest-product-max-value.ts) all call it.
 */
export function creditLimitOf(options: { onboardingComplete: boolean; highestProductMax: number }): number {
  return options.onboardingComplete ? options.highestProductMax : 0;
}

/** The highest product maximum: what a visitor (or a user still onboarding) is shown. */
export function highestProductMax(products: readonly LoanProductRecord[]): number {
  return products.reduce((highest, product) => Math.max(highest, product.terms.amount.max), 0);
}
