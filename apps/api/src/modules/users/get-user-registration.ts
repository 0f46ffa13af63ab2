import type { Db } from '../../db/client.ts';
import { selectSourceChannel, selectUserById } from './users-repository.ts';

/** A user's mobile (null once the account is erased), when they registered and through which channel; null for no such user. */
export async function getUserRegistration(options: {
  db: Db;
  userId: number;
}): Promise<{ userId: number; phone: string | null; registeredAt: Date; sourceChannel: string | null } | null> {
  const user = await selectUserById(options.db, options.userId);
  if (!user) return null;
  return {
    userId: user.id,
    phone: user.phone,
    registeredAt: user.createdAt,
    sourceChannel: await selectSourceChannel(options.db, user.id),
  };
}
