import type { Db } from '../../db/client.ts';
import { selectUserById } from './users-repository.ts';

/** The user's mobile number, for a message to them alone (reminders); null for an erased account. */
export async function findUserPhone(options: { db: Db; userId: number }): Promise<string | null> {
  return (await selectUserById(options.db, options.userId))?.phone ?? null;
}
