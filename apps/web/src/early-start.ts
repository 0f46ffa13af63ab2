/**
 * The early start (decision 0194): a small module of its own, beside the app's entry. On a
 * session's page the start script runs it with the entry (app/first-view.ts,
 * START_APP_SCRIPT); it sends the page's first requests (app/early-requests.ts) at once and
 * keeps their answers for the request layer (shared/api/early-answers.ts). They then leave
 * with the app's code instead of after it — after the entry, the route's chunks and the
 * request layer, about 300 ms unthrottled and three round trips on a slow network. Nothing is
 * shown or handled here: the request layer handles each answer as one of its own, and sends
 * the request itself when this one got none.
 */
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { encodeRequest } from '@app/contract/wire-request.ts';
import { earlyAsksFor } from './app/early-requests.ts';
import { currentApiBase } from './shared/api/api-origins.ts';
import { earlyRequestKey, keepEarlyAnswer, mayAskEarly } from './shared/api/early-answers.ts';
import { buildHeaders } from './shared/api/request-headers.ts';
import { API_TIMEOUT_MS, fetchTransport } from './shared/api/transport.ts';
import { CONFIG_GLOBAL } from './shared/config/shell-config.ts';
import { readItem } from './shared/store/local-store.ts';

/** The injected config's three values a request needs, read without its zod schema (the request layer validates it all). */
function requestConfig(): { cipherKey: string; packageName: string; apiBase: string } | null {
  const injected = window[CONFIG_GLOBAL];
  if (typeof injected !== 'object' || injected === null) return null;
  const { cipherKey, packageName, apiBase } = injected as Record<string, unknown>;
  if (typeof cipherKey !== 'string' || typeof packageName !== 'string' || typeof apiBase !== 'string') return null;
  return { cipherKey, packageName, apiBase };
}

function askEarly(): void {
  const token = readItem('token');
  if (typeof token !== 'string' || token === '' || !mayAskEarly()) return;
  const asks = earlyAsksFor(window.location.hash.replace(/^#/, ''));
  const config = asks.length > 0 ? requestConfig() : null;
  if (!config) return;
  const cipher = createBrowserCipher(config.cipherKey);
  const base = currentApiBase(config.apiBase, window.location.origin);
  for (const ask of asks) {
    const wire = encodeRequest(ask.path, ask.payload, cipher, '', buildHeaders(cipher, config.packageName));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
    const answer = fetchTransport({ ...wire, url: `${base}${wire.url}` }, controller.signal)
      .catch(() => null)
      .finally(() => clearTimeout(timer));
    keepEarlyAnswer(earlyRequestKey(ask.path, ask.payload), token, answer);
  }
}

try {
  askEarly();
} catch {
  // A bad key or unreadable storage: the page asks for its data itself, as without this module.
}
