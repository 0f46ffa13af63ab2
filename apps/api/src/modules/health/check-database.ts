import type { Db } from '../../db/client.ts';
import { selectOne } from './health-repository.ts';

/** One round trip to the database; throws when it does not answer. */
export function checkDatabase(options: { db: Db }): Promise<void> {
  return selectOne(options.db);
}
