import type { Db } from '../../db/client.ts';
import { endSessions } from '../../plugins/session-store.ts';

/** Ends the session this request came with; other devices stay logged in. */
export function logOut(options: { db: Db; now: Date; sessionId: number }): Promise<void> {
  return endSessions({ db: options.db, now: options.now, sessionId: options.sessionId });
}
