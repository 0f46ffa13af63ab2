/**
 * What other modules may use of `auth` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { passwordSetCondition } from './auth-repository.ts';

/**
 * Whether a user has a password, as a flag another module can read in the same query as
 * its other flags (`userId`: the caller's column or a placeholder). Read on every who-am-i,
 * in the same round trip as the session (docs/benchmarks.md).
 */
export function passwordSetFlag(userId: SQLWrapper): SQL<boolean> {
  return passwordSetCondition(userId);
}
