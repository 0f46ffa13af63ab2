import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEADER } from '@app/contract/headers.ts';
import { createApiOriginsCache } from './api-origins.ts';

/**
 * The borrowers' API answers pages of another origin the app may be served from, so the
 * app can move to the next API origin when its own fails (changeDomainName): a page on
 * one origin calls the API on another. Only origins of our own settings may: the list an
 * administrator keeps (every API origin serves the app too) and the server's configured
 * addresses. No cookies cross: the protocol carries its session in the `token` header,
 * so no credentials are allowed, and the allowed origin is named, never `*`.
 */
export interface CrossOriginApiOptions {
  /** Origins allowed whatever the list says (PUBLIC_BASE_URL's, API_BASE's); full URLs are cut to their origin. */
  fixedOrigins: readonly (string | undefined)[];
}

/** The borrowers' protocol paths (SPEC.md section 7); the back office under /admin/api never answers another origin. */
const API_PREFIXES = ['/api/', '/auth/'];
/** The protocol's request headers (content-type text/plain, version, sourceChannel, token, ...). */
const ALLOWED_HEADERS = Object.values(HEADER).join(', ');
/** The request layer reads the server's clock from Date, which a cross-origin page cannot see unless exposed. */
const EXPOSED_HEADERS = 'date';
/** How long a browser may reuse a preflight's answer (Chromium keeps at most 2 h). */
const PREFLIGHT_MAX_AGE_S = 600;
/** Reused this long, so the check costs no query per request; a save on this instance shows at once. */
const ORIGINS_CACHE_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The API origins an administrator listed (cached): the page may connect to each. */
    apiOrigins(): Promise<string[]>;
  }
}

function originOf(url: string | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { origin } = new URL(url);
  return origin === 'null' ? null : origin;
}

function isBorrowerApi(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function addVaryOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const present = typeof vary === 'string' ? vary.split(',').map((part) => part.trim().toLowerCase()) : [];
  if (present.includes('origin') || present.includes('*')) return;
  reply.header('vary', present.length > 0 ? `${String(vary)}, Origin` : 'Origin');
}

export const crossOriginApiPlugin = fp<CrossOriginApiOptions>(
  async (app, { fixedOrigins }) => {
    const cache = createApiOriginsCache({ ttlMs: ORIGINS_CACHE_MS });
    const fixed = new Set(fixedOrigins.map(originOf).filter((origin): origin is string => origin !== null));
    /** Requests from an allowed other origin: their answer names it. */
    const allowedRequests = new WeakSet<FastifyRequest>();

    app.decorate('apiOrigins', () => cache.list(app.db));

    async function isAllowed(origin: string): Promise<boolean> {
      if (fixed.has(origin)) return true;
      return (await cache.list(app.db)).includes(origin);
    }

    app.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      if (typeof origin !== 'string' || !isBorrowerApi(req.url)) return;
      // A same-origin request (browsers send Origin on every POST) needs nothing.
      if (origin === `${req.protocol}://${req.host}`) return;
      const allowed = await isAllowed(origin);
      if (req.method === 'OPTIONS') {
        addVaryOrigin(reply);
        if (!allowed || typeof req.headers['access-control-request-method'] !== 'string') return reply.code(403).send();
        return reply
          .code(204)
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', ALLOWED_HEADERS)
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
          .send();
      }
      if (allowed) allowedRequests.add(req);
    });

    // onSend: errors and every module's answers alike.
    app.addHook('onSend', async (req, reply, payload) => {
      const origin = req.headers.origin;
      if (typeof origin === 'string' && allowedRequests.has(req)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-expose-headers', EXPOSED_HEADERS);
        addVaryOrigin(reply);
      }
      return payload;
    });
  },
  { name: 'cross-origin-api', dependencies: ['db'] },
);
