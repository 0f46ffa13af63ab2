import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Headers every answer carries, the web app's and the API's. The web app plugin gives its
 * files (index.html, runtime-config.js, the service worker, assets) the page policy;
 * everything else (encrypted API answers, the raw contract HTML, errors) gets the API
 * policy, which lets nothing load and nothing frame it.
 */
export interface SecurityHeadersOptions {
  /** Origin and prefix of the API when it is not the page's own ('' = same origin). */
  apiBase: string;
}

const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // The selfie step needs the camera and the location step may ask for the position:
  // the app itself only, never a frame; the rest nobody.
  'permissions-policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** A year, subdomains included: sent only on answers that came over TLS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The API's answers: nothing to load, run or frame (the contract HTML keeps its own inline styles). */
export const API_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The origin of an absolute API base, or null when the API is the page's own origin. */
export function apiOrigin(apiBase: string): string | null {
  if (!/^https?:\/\//i.test(apiBase)) return null;
  try {
    return new URL(apiBase).origin;
  } catch {
    return null;
  }
}

/**
 * The page's policy. Scripts only from the app's own files (the runtime config is
 * /runtime-config.js), besides index.html's first-view scripts allowed by their hashes
 * (never 'unsafe-inline'); requests only to the app and the API. Inline styles stay
 * allowed (the UI library positions popups and the draggable button with style
 * attributes, and the contract frame carries its own stylesheet). Images may be data:
 * and blob: (QR codes, photo previews) or https (operator-set banners and LINE QR).
 */
export function pagePolicy(apiBase: string, otherApiOrigins: readonly string[] = [], scriptHashes: readonly string[] = []): string {
  const api = apiOrigin(apiBase);
  // The API origins the app may move to when its own fails (changeDomainName's list).
  const others = otherApiOrigins.map((origin) => apiOrigin(origin)).filter((origin): origin is string => origin !== null);
  const connect = [...new Set(["'self'", ...(api ? [api] : []), ...others])].join(' ');
  return [
    "default-src 'self'",
    // index.html's two inline scripts of the first view (decision 0166), each by its hash.
    ['script-src', "'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "media-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    // The order webView shows a gateway's checkout (https only; the page refuses anything else).
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Marks an answer as part of the web app (the page policy instead of the API's); a page
     * names the other API origins it may connect to.
     */
    usePagePolicy(reply: FastifyReply, otherApiOrigins?: readonly string[], scriptHashes?: readonly string[]): void;
  }
}

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, { apiBase }) => {
    const page = pagePolicy(apiBase);
    app.decorate('usePagePolicy', (reply: FastifyReply, otherApiOrigins: readonly string[] = [], scriptHashes: readonly string[] = []) => {
      const custom = otherApiOrigins.length > 0 || scriptHashes.length > 0;
      reply.header('content-security-policy', custom ? pagePolicy(apiBase, otherApiOrigins, scriptHashes) : page);
    });

    // onSend: also covers 404s, framework errors and the test hooks' answers.
    app.addHook('onSend', async (req, reply, payload) => {
      for (const [name, value] of Object.entries(COMMON_HEADERS)) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_POLICY);
      // req.protocol follows X-Forwarded-Proto only with TRUST_PROXY (behind a TLS-terminating balancer).
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
      return payload;
    });
  },
  { name: 'security-headers' },
);
