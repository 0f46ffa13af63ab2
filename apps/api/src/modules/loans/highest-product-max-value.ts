import type { SQL } from 'drizzle-orm';
import { highestEnabledProductMax } from './loans-repository.ts';

/**
 * The highest maximum of the enabled products as an SQL value, for a combined read (who am
 * I answers it as the credit limit of a user who completed onboarding; see credit-limit.ts).
 */
export function highestProductMaxValue(): SQL<number> {
  return highestEnabledProductMax();
}
