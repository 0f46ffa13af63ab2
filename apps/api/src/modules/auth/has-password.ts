import type { Db } from '../../db/client.ts';
import { selectPasswordHash } from './auth-repository.ts';

/** Whether the user has set a password (login by password is possible). */
export async function hasPassword(options: { db: Db; userId: number }): Promise<boolean> {
  return (await selectPasswordHash(options.db, options.userId)) !== null;
}
