import type { BrowserContext, Disposable, Page } from 'playwright-core';

/**
 * What a test can do to its page or context that the reset (resetForReuse in browser.ts)
 * does not undo: a page on which one of these was called is closed with its context after
 * the test, never handed to another test. What the reset undoes is not listed: the page's
 * routes, its viewport, the context's offline switch, the context's other pages, and the
 * init scripts (trackChanges).
 */
const PAGE_CHANGES = new Set<string | symbol>([
  'clock',
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
 * call in the lists above (`changed()` then says which) and keep the handle each
 * `addInitScript` returns (Playwright's Disposable; `undo()` removes the scripts: left in
 * place, one would run in the next test's every document). Everything else passes through
 * to the real object, bound to it.
 */
export function trackChanges(
  page: Page,
  context: BrowserContext,
): { page: Page; context: BrowserContext; changed(): string | null; undo(): Promise<void> } {
  let changed: string | null = null;
  const initScripts: Disposable[] = [];
  const keepingHandle =
    <A extends unknown[]>(addInitScript: (...args: A) => Promise<Disposable>) =>
    async (...args: A) => {
      const handle = await addInitScript(...args);
      initScripts.push(handle);
      return handle;
    };
  const contextProxy = watch(context, CONTEXT_CHANGES, (name) => (changed ??= `context.${name}`), {
    addInitScript: keepingHandle(context.addInitScript.bind(context)),
  });
  const pageProxy = watch(page, PAGE_CHANGES, (name) => (changed ??= `page.${name}`), {
    addInitScript: keepingHandle(page.addInitScript.bind(page)),
    context: () => contextProxy,
  });
  return {
    page: pageProxy,
    context: contextProxy,
    changed: () => changed,
    async undo() {
      for (const handle of initScripts.splice(0).reverse()) await handle.dispose();
    },
  };
}

function watch<T extends object>(
  target: T,
  changes: Set<string | symbol>,
  onChange: (name: string) => void,
  /** Properties answered by these values instead of the target's own. */
  overrides: Record<string, unknown>,
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
