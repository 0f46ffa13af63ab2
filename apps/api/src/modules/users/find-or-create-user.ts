import type { Db } from '../../db/client.ts';
import { insertUserWithAttribution, type Attribution, type UserRecord } from './users-repository.ts';

export type { Attribution, UserRecord };

/** The user of this number; the first login registers it, with where it came from. */
export function findOrCreateUser(options: {
  db: Db;
  phone: string;
  attribution: Attribution;
}): Promise<{ user: UserRecord; isNew: boolean }> {
  return insertUserWithAttribution(options.db, options.phone, options.attribution);
}
