/**
 * What other modules may use of `users` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import { selectUserById, selectUserByPhone, selectUsersByIds, type UserRecord } from './users-repository.ts';
import type { SQL } from 'drizzle-orm';
import { registeredUsersQuery } from './user-figures-repository.ts';

export { findOrCreateUser } from './find-or-create-user.ts';
export type { Attribution } from './find-or-create-user.ts';
export { getUserRegistration } from './get-user-registration.ts';

/** The registered user of this number, or null. */
export function findUserByPhone(options: { db: Db; phone: string }): Promise<UserRecord | null> {
  return selectUserByPhone(options.db, options.phone);
}

/** The user's mobile number, for a message to them alone (reminders); null for an erased account. */
export async function findUserPhone(options: { db: Db; userId: number }): Promise<string | null> {
  return (await selectUserById(options.db, options.userId))?.phone ?? null;
}

/** Many users' mobile numbers in one query (a batch of reminders): null for an erased account or an unknown id. */
export async function findUserPhones(options: { db: Db; userIds: readonly number[] }): Promise<Map<number, string | null>> {
  const found = await selectUsersByIds(options.db, [...new Set(options.userIds)]);
  return new Map(options.userIds.map((id) => [id, found.get(id)?.phone ?? null]));
}

/**
 * The people who registered (first login) in [from, until) with the source channel they
 * came through, as SQL (columns `user_id`, `source_channel`): the funnel's cohort, which
 * each step's owner then tests with its own flag in the same query.
 */
export function registeredUsers(options: { from: Date; until: Date }): SQL {
  return registeredUsersQuery(options.from, options.until);
}
