import type { BrowserContext, Page } from 'playwright-core';

/**
 * What a test can do to its page or context that the reset (resetForReuse in browser.ts)
 * does not undo: a page on which one of these was called is closed with its context after
 * the test, never handed to another test. What the reset undoes is not listed: the page's
 * routes, its viewport, the context's offline switch, the context's other pages.
 */
const PAGE_CHANGES = new Set<string | symbol>([
  'clock',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'routeFromHAR',
  'routeWebSocket',
  'setExtraHTTPHeaders',
  'emulateMedia',
  'addLocatorHandler',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'close',
]);
const CONTEXT_CHANGES = new Set<string | symbol>([
  'clock',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'unroute',
  'unrouteAll',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
  'grantPermissions',
  'clearPermissions',
  'setGeolocation',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'newCDPSession',
  'close',
]);

/**
 * The page and context a test is given: the real objects behind proxies that note any
 * call in the lists above (`changed()` then says true). Everything else passes through to
 * the real object, bound to it.
 */
export function trackChanges(page: Page, context: BrowserContext): { page: Page; context: BrowserContext; changed(): string | null } {
  let changed: string | null = null;
  const contextProxy = watch(context, CONTEXT_CHANGES, (name) => (changed ??= `context.${name}`), {});
  const pageProxy = watch(page, PAGE_CHANGES, (name) => (changed ??= `page.${name}`), { context: () => contextProxy });
  return { page: pageProxy, context: contextProxy, changed: () => changed };
}

function watch<T extends object>(
  target: T,
  changes: Set<string | symbol>,
  onChange: (name: string) => void,
  overrides: Record<string, () => unknown>,
): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && property in overrides) return overrides[property];
      if (changes.has(property)) onChange(String(property));
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
