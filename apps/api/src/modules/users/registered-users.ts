import type { SQL } from 'drizzle-orm';
import { registeredUsersQuery } from './user-figures-repository.ts';

/**
 * The people who registered (first login) in [from, until) with the source channel they
 * came through, as SQL (columns `user_id`, `source_channel`): the funnel's cohort, which
 * each step's owner then tests with its own flag in the same query.
 */
export function registeredUsers(options: { from: Date; until: Date }): SQL {
  return registeredUsersQuery(options.from, options.until);
}
