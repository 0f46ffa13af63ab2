import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import {
  findActiveSessionUser,
  insertSession,
  revokeSessionByHash,
  touchSession,
  type SessionUser,
} from './repository.ts';

/**
 * Raw tokens are 32 random bytes in base64url (43 characters). The anonymous blob is
 * standard base64 whose length is a multiple of 4, so the two can never be confused.
 */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/** Starts a session; the raw token goes to the client and is never stored. */
export async function createSession(db: Db, userId: number, now: Date = new Date()): Promise<string> {
  const rawToken = randomBytes(32).toString('base64url');
  await insertSession(db, userId, hashToken(rawToken), now);
  return rawToken;
}

export async function revokeSession(db: Db, rawToken: string): Promise<void> {
  await revokeSessionByHash(db, hashToken(rawToken));
}

export async function findSessionUser(
  db: Db,
  rawToken: string,
  idleDays: number,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  if (!SESSION_TOKEN_PATTERN.test(rawToken)) return null;
  const found = await findActiveSessionUser(db, hashToken(rawToken), idleDays, now);
  if (!found) return null;
  if (now.getTime() - found.lastSeenAt.getTime() > 60_000) await touchSession(db, found.sessionId, now);
  return { id: found.id, uuid: found.uuid };
}
