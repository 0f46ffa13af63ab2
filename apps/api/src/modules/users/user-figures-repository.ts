import { sql, type SQL } from 'drizzle-orm';
import { userAttributions } from '../../db/schema/users.ts';

/** The users module's reads for the back office's figures (user_attributions). */

/** People who registered in [from, until) as a subquery of (user_id, source_channel). */
export function registeredUsersQuery(from: Date, until: Date): SQL {
  return sql`select ${userAttributions.userId} as user_id, ${userAttributions.sourceChannel} as source_channel from ${userAttributions} where ${userAttributions.createdAt} >= ${from} and ${userAttributions.createdAt} < ${until}`;
}
