import type { TLoginResponse } from '@app/contract/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { createSession } from '../../plugins/session-store.ts';
import { selectPasswordHash } from './auth-repository.ts';

/** The login answer: a new session for the user, and whether they have a password yet. */
export async function startLoginSession(options: {
  db: Db;
  now: Date;
  user: { id: number; uuid: string };
  isNewUser: boolean;
}): Promise<TLoginResponse> {
  const { db, user } = options;
  const token = await createSession({ db, userId: user.id, now: options.now });
  const hasPassword = (await selectPasswordHash(db, user.id)) !== null;
  return { token, userId: String(user.id), uuId: user.uuid, isNewUser: options.isNewUser, hasPassword };
}
