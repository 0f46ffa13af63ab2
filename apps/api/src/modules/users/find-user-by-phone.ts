import type { Db } from '../../db/client.ts';
import { selectUserByPhone, type UserRecord } from './users-repository.ts';

/** The registered user of this number, or null. */
export function findUserByPhone(options: { db: Db; phone: string }): Promise<UserRecord | null> {
  return selectUserByPhone(options.db, options.phone);
}
