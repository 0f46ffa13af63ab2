import { PATHS } from '@app/contract/paths.ts';
import { readItem, removeItem, writeItem } from '../store/local-store.ts';

/**
 * Where the app sends its API calls (SPEC.md's changeDomainName): the configured API base
 * first, then the origins the server listed, in its order. When a call finds no server at
 * the current one (refused, unreachable, no answer in time), a call that may be sent twice
 * goes to the next, each once; the one that answers is kept (localStorage `apiOrigin`),
 * so the next start goes there directly.
 */

/** Hosts a browser counts as a secure context over http: a developer's machine, a browser test. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An origin the app may send its calls to, normalised (`https://host[:port]`), or null:
 * https, or the page's own origin, or http between loopback hosts only. Never a path,
 * query, fragment or credentials: the list names servers, nothing else.
 */
export function acceptableOrigin(value: unknown, pageOrigin: string): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  if (url.origin === pageOrigin || url.protocol === 'https:') return url.origin;
  const pageHost = URL.canParse(pageOrigin) ? new URL(pageOrigin).hostname : '';
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && LOOPBACK_HOSTS.has(pageHost) ? url.origin : null;
}

/** The origin a base's calls reach: '' (or a bare prefix) is the page's own. */
function originOfBase(base: string, pageOrigin: string): string {
  return /^https?:\/\//.test(base) && URL.canParse(base) ? new URL(base).origin : pageOrigin;
}

/** Every base the app may call, the configured one first, then the listed origins (its own origin not twice). */
export function apiBases(configuredBase: string, pageOrigin: string): string[] {
  const listed = readItem('apiOrigins');
  const own = originOfBase(configuredBase, pageOrigin);
  const others = (Array.isArray(listed) ? listed : [])
    .map((origin) => acceptableOrigin(origin, pageOrigin))
    .filter((origin): origin is string => origin !== null && origin !== own);
  return [configuredBase, ...new Set(others)];
}

/** The base calls go to now: the one kept after a move while the server still lists it, else the configured one. */
export function currentApiBase(configuredBase: string, pageOrigin: string): string {
  const kept = readItem('apiOrigin');
  return typeof kept === 'string' && apiBases(configuredBase, pageOrigin).includes(kept) ? kept : configuredBase;
}

/** The bases in the order a call tries them: the current one, then each next one once, round the list. */
export function basesInTurn(configuredBase: string, pageOrigin: string): string[] {
  const all = apiBases(configuredBase, pageOrigin);
  const at = Math.max(0, all.indexOf(currentApiBase(configuredBase, pageOrigin)));
  return [...all.slice(at), ...all.slice(0, at)];
}

/** Keeps the base that answered; the configured one is kept as nothing (a changed configuration wins). */
export function rememberApiBase(base: string, configuredBase: string): void {
  if (base === configuredBase) removeItem('apiOrigin');
  else writeItem('apiOrigin', base);
}

/** Keeps the server's list (changeDomainName's `domains`), only what `acceptableOrigin` accepts. */
export function keepApiOrigins(domains: readonly unknown[], pageOrigin: string): void {
  writeItem(
    'apiOrigins',
    domains.map((origin) => acceptableOrigin(origin, pageOrigin)).filter((origin): origin is string => origin !== null),
  );
}

/**
 * POST paths that only read: sending one twice changes nothing. Every other POST goes to
 * one origin only, unless its payload carries the `requestId` the server runs once
 * (plugins/idempotency.ts): a payment or an application is never sent twice.
 */
const READ_ONLY_POSTS: ReadonlySet<string> = new Set(
  [
    PATHS.commonConfig,
    PATHS.queryCashUser,
    PATHS.userDataList,
    PATHS.userAuthQueryUserDetail,
    PATHS.loanCheck,
    PATHS.loanInitV31,
    PATHS.loanInit,
    PATHS.loanCheckTips,
    PATHS.loanCommonAddress,
    PATHS.loanCommonBanner,
    PATHS.loanCommonGetPop,
    PATHS.loanCommonIndex,
    PATHS.loanCommonNotice,
    PATHS.loanOrderRecord,
    PATHS.loanOrderDetail,
    PATHS.extensionTrial,
    PATHS.repayChannel,
    PATHS.bindCardList,
    PATHS.bankBranchList,
    PATHS.bankList,
    PATHS.userQuestionQuery,
    PATHS.changeDomainName,
    PATHS.activityAward,
    PATHS.getPopList,
  ].map((path) => path.path),
);

/** Whether a call may go to a second origin after the first gave no answer. */
export function maySendAgain(method: 'GET' | 'POST', path: string, payload: unknown): boolean {
  if (method === 'GET' || READ_ONLY_POSTS.has(path)) return true;
  return typeof payload === 'object' && payload !== null && typeof (payload as { requestId?: unknown }).requestId === 'string';
}
