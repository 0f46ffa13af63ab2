import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ZAnonymousInfoSchema, type TAnonymousInfo } from '@app/contract/headers.ts';
import { findSessionUser, SESSION_TOKEN_PATTERN } from '../modules/sessions/service.ts';
import type { SessionUser } from '../modules/sessions/repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, once resolveIdentity ran; null when anonymous. */
    user: SessionUser | null;
    /** The logged-out device/channel blob of the `token` header, when it decoded. */
    anonymous: TAnonymousInfo | null;
  }
  interface FastifyInstance {
    /** Reads the `token` header into req.user or req.anonymous. Endpoints call it first. */
    resolveIdentity(req: FastifyRequest): Promise<void>;
  }
}

export const sessionPlugin = fp<{ sessionIdleDays: number; now?: () => Date }>(
  async (app, { sessionIdleDays, now = () => new Date() }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('anonymous', null);

    app.decorate('resolveIdentity', async (req: FastifyRequest) => {
      const header = req.headers.token;
      const token = Array.isArray(header) ? header[0] : header;
      if (!token) return;
      if (SESSION_TOKEN_PATTERN.test(token)) {
        req.user = await findSessionUser(app.db, token, sessionIdleDays, now());
        return;
      }
      // A blob that does not decrypt or fit the schema leaves the caller simply anonymous:
      // it only labels tracking rows, it never grants anything.
      try {
        const parsed = ZAnonymousInfoSchema.safeParse(JSON.parse(app.wireCipher.decrypt(token)));
        if (parsed.success) req.anonymous = parsed.data;
      } catch {
        req.anonymous = null;
      }
    });
  },
  { name: 'session', dependencies: ['db', 'wire-cipher'] },
);
