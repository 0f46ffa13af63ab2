import type { SQL } from 'drizzle-orm';
import { passwordSetCondition } from './auth-repository.ts';

/**
 * Whether a user has a password, as a flag another module can read in the same query as
 * its other flags (placeholder `userId`). Read on every who-am-i: one round trip for all
 * the flags instead of one per owner (docs/benchmarks.md).
 */
export function passwordSetFlag(): SQL<boolean> {
  return passwordSetCondition();
}
