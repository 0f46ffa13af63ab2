import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@app/contract/endpoints.ts';
import { GET_PAYLOAD_PARAM, STATUS_OK } from '@app/contract/envelope.ts';
import { DEFAULT_SOURCE_CHANNEL, type TAnonymousInfo } from '@app/contract/headers.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import { cipherTextAnswer, decodePayload, FileAnswer, sendFile, sendHtml, validatePayload } from './envelope-codec.ts';
import { ResponseCache } from './response-cache.ts';
import { withIdempotency } from './idempotency.ts';
import type { Caller, CallerRead } from './session-store.ts';

/** The logged-in caller of an account that still exists (it has a phone). */
export type AccountCaller = Caller & { phone: string };

export interface EndpointContext {
  req: FastifyRequest;
  /** Inside an idempotent request this is its transaction: write through it. */
  db: Db;
  /** The app clock's "now", read once when the request arrived. */
  now: Date;
  user: Caller | null;
  anonymous: TAnonymousInfo | null;
  /** The `sourceChannel` header, else 'Organic'. */
  channel: string;
  /** The caller, or a SESSION_EXPIRED AppError (envelope 301). */
  requireUser(): Caller;
  /** The caller with the account's phone number; a deleted (anonymised) account has none: 301. */
  requireAccount(): AccountCaller;
}

export type EndpointHandler<E extends Endpoint> = (
  payload: z.output<E['request']>,
  ctx: EndpointContext,
) => Promise<z.input<E['response']>>;

/** An html endpoint's handler: a page (sent raw, not encrypted) or a download. */
export type RawEndpointHandler<E extends Endpoint> = (
  payload: z.output<E['request']>,
  ctx: EndpointContext,
) => Promise<string | FileAnswer>;

export interface EndpointOptions {
  /** The contract-view path: the handler returns HTML, sent raw (not encrypted). */
  html?: boolean;
  /**
   * For public endpoints whose answer depends on the payload only (never on who asks):
   * the encrypted success envelope is kept this long per payload and sent again as is.
   * See response-cache.ts for why re-sending one cipher text is sound.
   */
  cacheMs?: number;
  /**
   * What the handler reads about its caller, loaded in the session's query (one round
   * trip for the whole request); the handler takes it with `callerRead.valuesOf(ctx.req)`.
   */
  callerRead?: CallerRead;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Registers a contract endpoint: the payload is decrypted and validated with
     * `endpoint.request` before `handler` runs; its result is sent as the encrypted
     * envelope. `auth: true` endpoints answer 301 without a valid session. A payload
     * with `requestId` runs once per caller and path (see idempotency.ts).
     */
    endpoint<E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>, options?: EndpointOptions): void;
    /** The contract-view path: a raw HTML page or a file download, never an envelope. */
    endpoint<E extends Endpoint>(endpoint: E, handler: RawEndpointHandler<E>, options: EndpointOptions & { html: true }): void;
  }
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

function requestIdOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('requestId' in payload)) return undefined;
  const { requestId } = payload as { requestId: unknown };
  return typeof requestId === 'string' ? requestId : undefined;
}

export const envelopePlugin = fp(
  async (app) => {
    const cipher = app.wireCipher;

    // Every body is read as text: the protocol sends cipher text as text/plain, and a
    // client that sends another type still gets DATA_INVALID instead of a framework 415.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    app.decorate('endpoint', function register<
      E extends Endpoint,
    >(this: FastifyInstance, endpoint: E, handler: EndpointHandler<E> | RawEndpointHandler<E>, options: EndpointOptions = {}) {
      const html = options.html === true;
      if (options.cacheMs && endpoint.auth) throw new Error(`${endpoint.path}: only public endpoints may cache answers`);
      const cache = options.cacheMs && !html ? new ResponseCache(options.cacheMs) : undefined;
      // `this` is the module's own instance, so the route keeps that module's hooks.
      this.route({
        method: endpoint.method,
        url: endpoint.path,
        // Errors go to the errors plugin, which answers in the envelope (or HTML) form.
        config: { envelope: true, html },
        handler: async (req, reply) => {
          const now = app.clock.now();
          await app.resolveIdentity(req, options.callerRead);
          if (endpoint.auth && !req.user) throw new AppError('SESSION_EXPIRED');
          const raw = endpoint.method === 'GET' ? (req.query as Record<string, unknown> | undefined)?.[GET_PAYLOAD_PARAM] : req.body;
          const payload = validatePayload<E['request']>(endpoint.request, decodePayload(raw, cipher));
          const user = req.user;
          const ctx: EndpointContext = {
            req,
            db: app.db,
            now,
            user,
            anonymous: req.anonymous,
            channel: (headerValue(req, 'sourceChannel') || DEFAULT_SOURCE_CHANNEL).slice(0, 64),
            requireUser() {
              if (!user) throw new AppError('SESSION_EXPIRED');
              return user;
            },
            requireAccount() {
              if (!user || user.phone === null) throw new AppError('SESSION_EXPIRED', { message: 'account without phone' });
              return { ...user, phone: user.phone };
            },
          };
          const requestId = requestIdOf(payload);
          const cacheKey = cache && !requestId ? JSON.stringify(payload) : undefined;
          if (cache && cacheKey !== undefined) {
            const cached = cache.get(cacheKey, Date.now());
            if (cached !== undefined) return cipherTextAnswer(reply, cached);
          }
          // Either handler kind: what it answered is sent below by the endpoint's kind.
          const run = handler as (payload: z.output<E['request']>, ctx: EndpointContext) => Promise<unknown>;
          const body = requestId
            ? await withIdempotency(
                app.db,
                {
                  scope: user ? `u:${user.id}` : req.anonymous ? `d:${req.anonymous.deviceId}` : '-',
                  path: endpoint.path,
                  requestId,
                },
                (tx) => run(payload, { ...ctx, db: tx }),
              )
            : await run(payload, ctx);
          if (html) return body instanceof FileAnswer ? sendFile(reply, body) : sendHtml(reply, String(body));
          const cipherText = cipher.encrypt(JSON.stringify({ status: STATUS_OK, message: '', body }));
          if (cache && cacheKey !== undefined) cache.set(cacheKey, cipherText, Date.now());
          return cipherTextAnswer(reply, cipherText);
        },
      });
    });
  },
  { name: 'envelope', dependencies: ['db', 'wire-cipher', 'clock', 'session', 'errors'] },
);
