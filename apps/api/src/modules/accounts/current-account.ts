import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { EndpointContext } from '../../plugins/envelope.ts';
import { hashToken } from '../sessions/service.ts';
import { findUserById, type AccountUser } from '../users/users-repository.ts';

/** The logged-in caller with the phone number; a deleted (anonymised) account has none. */
export async function requireAccount(ctx: EndpointContext): Promise<AccountUser & { phone: string }> {
  const user = await findUserById(ctx.db, ctx.requireUser().id);
  if (!user || user.phone === null) throw new AppError('SESSION_EXPIRED', { message: 'account without phone' });
  return { ...user, phone: user.phone };
}

/** The caller's phone when logged in, else null; for paths that also serve anonymous callers. */
export async function callerPhone(db: Db, ctx: EndpointContext): Promise<string | null> {
  if (!ctx.user) return null;
  return (await findUserById(db, ctx.user.id))?.phone ?? null;
}

/** sha-256 of the raw session token of this request (what the sessions table stores). */
export function currentTokenHash(req: FastifyRequest): string {
  const header = req.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return hashToken(token ?? '');
}
