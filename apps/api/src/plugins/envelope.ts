import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@app/contract/endpoints.ts';
import { GET_PAYLOAD_PARAM, STATUS_ERROR, STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { DEFAULT_SOURCE_CHANNEL, type TAnonymousInfo } from '@app/contract/headers.ts';
import { DATA_INVALID, SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import type { SessionUser } from '../modules/sessions/repository.ts';
import { decodePayload, escapeHtml, sendCipherText, sendEnvelope, sendHtml, validatePayload } from './envelope-codec.ts';
import { ResponseCache } from './response-cache.ts';
import { withIdempotency } from './idempotency.ts';
import { safeError } from './safe-error.ts';

export interface EndpointContext {
  req: FastifyRequest;
  /** Inside an idempotent request this is its transaction: write through it. */
  db: Db;
  user: SessionUser | null;
  anonymous: TAnonymousInfo | null;
  /** The `sourceChannel` header, else 'Organic'. */
  channel: string;
  /** The user, or a SESSION_EXPIRED AppError (envelope 301). */
  requireUser(): SessionUser;
}

export type EndpointHandler<E extends Endpoint> = (
  payload: z.output<E['request']>,
  ctx: EndpointContext,
) => Promise<z.input<E['response']>>;

export interface EndpointOptions {
  /** The contract-view path: the handler returns HTML, sent raw (not encrypted). */
  html?: boolean;
  /**
   * For public endpoints whose answer depends on the payload only (never on who asks):
   * the encrypted success envelope is kept this long per payload and sent again as is.
   * See response-cache.ts for why re-sending one cipher text is sound.
   */
  cacheMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Registers a contract endpoint: the payload is decrypted and validated with
     * `endpoint.request` before `handler` runs; its result is sent as the encrypted
     * envelope. `auth: true` endpoints answer 301 without a valid session. A payload
     * with `requestId` runs once per caller and path (see idempotency.ts).
     */
    endpoint<E extends Endpoint>(
      endpoint: E,
      handler: EndpointHandler<E>,
      options?: EndpointOptions,
    ): void;
  }
  interface FastifyContextConfig {
    envelope?: boolean;
  }
}

const BODY_TOO_LARGE = 'FST_ERR_CTP_BODY_TOO_LARGE';

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

    function sendFailure(req: FastifyRequest, reply: FastifyReply, error: unknown, html: boolean): FastifyReply {
      let status: typeof STATUS_ERROR | typeof STATUS_RELOGIN = STATUS_ERROR;
      let message = SERVER_ERROR;
      if (error instanceof AppError) {
        status = error.code === 'SESSION_EXPIRED' ? STATUS_RELOGIN : STATUS_ERROR;
        message = error.userMessage;
      } else {
        // Details to the log only: no stack, SQL or personal data reaches the client.
        req.log.error({ error: safeError(error), path: req.routeOptions.url }, 'endpoint failed');
      }
      if (html) return sendHtml(reply, `<!doctype html><meta charset="utf-8"><p>${escapeHtml(message)}</p>`);
      return sendEnvelope(reply, cipher, { status, message, body: null });
    }

    app.decorate('endpoint', function register<E extends Endpoint>(
      this: FastifyInstance,
      endpoint: E,
      handler: EndpointHandler<E>,
      options: EndpointOptions = {},
    ) {
      const html = options.html === true;
      if (options.cacheMs && endpoint.auth) throw new Error(`${endpoint.path}: only public endpoints may cache answers`);
      const cache = options.cacheMs && !html ? new ResponseCache(options.cacheMs) : undefined;
      // `this` is the module's own instance, so the route keeps that module's hooks.
      this.route({
        method: endpoint.method,
        url: endpoint.path,
        config: { envelope: true },
        handler: async (req, reply) => {
          try {
            await app.resolveIdentity(req);
            if (endpoint.auth && !req.user) throw new AppError('SESSION_EXPIRED');
            const raw =
              endpoint.method === 'GET'
                ? (req.query as Record<string, unknown> | undefined)?.[GET_PAYLOAD_PARAM]
                : req.body;
            const payload = validatePayload<E['request']>(endpoint.request, decodePayload(raw, cipher));
            const user = req.user;
            const ctx: EndpointContext = {
              req,
              db: app.db,
              user,
              anonymous: req.anonymous,
              channel: (headerValue(req, 'sourceChannel') || DEFAULT_SOURCE_CHANNEL).slice(0, 64),
              requireUser() {
                if (!user) throw new AppError('SESSION_EXPIRED');
                return user;
              },
            };
            const requestId = requestIdOf(payload);
            const cacheKey = cache && !requestId ? JSON.stringify(payload) : undefined;
            if (cache && cacheKey !== undefined) {
              const cached = cache.get(cacheKey, Date.now());
              if (cached !== undefined) return sendCipherText(reply, cached);
            }
            const body = requestId
              ? await withIdempotency(
                  app.db,
                  {
                    scope: user ? `u:${user.id}` : req.anonymous ? `d:${req.anonymous.deviceId}` : '-',
                    path: endpoint.path,
                    requestId,
                  },
                  (tx) => handler(payload, { ...ctx, db: tx }),
                )
              : await handler(payload, ctx);
            if (html) return sendHtml(reply, String(body));
            const cipherText = cipher.encrypt(JSON.stringify({ status: STATUS_OK, message: '', body }));
            if (cache && cacheKey !== undefined) cache.set(cacheKey, cipherText, Date.now());
            return sendCipherText(reply, cipherText);
          } catch (error) {
            return sendFailure(req, reply, error, html);
          }
        },
      });
    });

    app.setErrorHandler((error, req, reply) => {
      const code = (error as { code?: unknown }).code;
      const statusCode = (error as { statusCode?: unknown }).statusCode;
      if (code === BODY_TOO_LARGE || statusCode === 413) {
        return reply.code(413).type('text/plain; charset=utf-8').send('Payload Too Large');
      }
      if (req.routeOptions.config.envelope) {
        // Framework-level refusals of the request itself (bad framing) are bad input.
        if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
          return sendEnvelope(reply, cipher, { status: STATUS_ERROR, message: DATA_INVALID, body: null });
        }
        return sendFailure(req, reply, error, false);
      }
      if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
        return reply.code(statusCode).type('text/plain; charset=utf-8').send('Bad Request');
      }
      req.log.error({ error: safeError(error), path: req.routeOptions.url }, 'request failed');
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
    });

    // Plain and uniform: a 404 tells nothing about which paths exist. (Rate limiting of
    // path scanning belongs to the rate-limit plugin, not here.)
    app.setNotFoundHandler((_req, reply) => {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'envelope', dependencies: ['db', 'wire-cipher', 'session'] },
);
