import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ZAnonymousInfoSchema, type TAnonymousInfo } from '@app/contract/headers.ts';
import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import { sessions } from '../db/schema/sessions.ts';
import { formatTaipeiDateTime } from '../domain/taipei-time.ts';
import { endSessions, findCaller, sessionSummary, SESSION_TOKEN_PATTERN, type Caller, type CallerRead } from './session-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in caller, once resolveIdentity ran; null when anonymous. */
    user: Caller | null;
    /** The logged-out device/channel blob of the `token` header, when it decoded. */
    anonymous: TAnonymousInfo | null;
    /** The caller read asked with the session (`callerRead`), and what it loaded. */
    callerRead: CallerRead | null;
    callerValues: unknown;
  }
  interface FastifyInstance {
    /**
     * Reads the `token` header into req.user (one query: session and user, and what
     * `read` asks about the caller) or req.anonymous. Endpoints call it first.
     */
    resolveIdentity(req: FastifyRequest, read?: CallerRead): Promise<void>;
  }
}

function tokenHeader(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  return Array.isArray(header) ? header[0] : header;
}

export const sessionPlugin = fp<{ sessionIdleDays: number }>(
  async (app, { sessionIdleDays }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('anonymous', null);
    app.decorateRequest('callerRead', null);
    app.decorateRequest('callerValues', null);

    app.decorate('resolveIdentity', async (req: FastifyRequest, read?: CallerRead) => {
      const token = tokenHeader(req);
      if (!token) return;
      if (SESSION_TOKEN_PATTERN.test(token)) {
        const found = await findCaller({ db: app.db, rawToken: token, idleDays: sessionIdleDays, now: app.clock.now(), read });
        req.user = found?.caller ?? null;
        if (found && read) {
          req.callerRead = read;
          req.callerValues = found.values;
        }
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

    app.personalData.register({
      owner: 'session',
      tables: [sessions],
      async list({ db, subject }) {
        const summary = await sessionSummary({ db, userId: subject.id });
        return [
          { category: 'devices', label: DATA_LIST.activeSessions, value: String(summary.active) },
          {
            category: 'devices',
            label: DATA_LIST.lastLogin,
            value: summary.lastLogin ? formatTaipeiDateTime(summary.lastLogin) : DATA_LIST.none,
          },
        ];
      },
      // Every session ends: the account is gone on every device at once.
      erase: ({ db, subject, now }) => endSessions({ db, now, userId: subject.id }),
    });
  },
  { name: 'session', dependencies: ['db', 'wire-cipher', 'clock', 'personal-data'] },
);
