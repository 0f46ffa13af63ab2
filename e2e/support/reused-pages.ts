import type { BrowserContext, Disposable, Page } from 'playwright-core';

/**
 * What a test can do to its page or context that the reset (resetForReuse in browser.ts)
 * does not undo: a page on which one of these was called is closed with its context after
 * the test, never handed to another test. What the reset undoes is not listed: the page's
 * routes, its viewport, the context's offline switch, the context's other pages, and the
 * init scripts (UNDONE_BY_DISPOSAL).
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
 * What the page and the context hand back a handle to remove (Playwright's Disposable): the
 * reset removes each (`undo`), and the page stays reusable. An init script left in place
 * would run in the next test's every document.
 */
const UNDONE_BY_DISPOSAL = ['addInitScript'] as const;

/**
 * The page and context a test is given: the real objects behind proxies that note any
 * call in the lists above (`changed()` then says which) and keep what UNDONE_BY_DISPOSAL's
 * calls return (`undo()` removes them). Everything else passes through to the real object,
 * bound to it.
 */
export function trackChanges(
  page: Page,
  context: BrowserContext,
): { page: Page; context: BrowserContext; changed(): string | null; undo(): Promise<void> } {
  let changed: string | null = null;
  const disposables: Disposable[] = [];
  const keepingDisposables = (target: Page | BrowserContext) =>
    Object.fromEntries(
      UNDONE_BY_DISPOSAL.map((name) => {
        const method = (target[name] as (...args: unknown[]) => Promise<Disposable>).bind(target);
        const kept = async (...args: unknown[]) => {
          const disposable = await method(...args);
          disposables.push(disposable);
          return disposable;
        };
        return [name, kept];
      }),
    );
  const contextProxy = watch(context, CONTEXT_CHANGES, (name) => (changed ??= `context.${name}`), keepingDisposables(context));
  const pageProxy = watch(page, PAGE_CHANGES, (name) => (changed ??= `page.${name}`), {
    ...keepingDisposables(page),
    context: () => contextProxy,
  });
  return {
    page: pageProxy,
    context: contextProxy,
    changed: () => changed,
    async undo() {
      for (const disposable of disposables.splice(0).reverse()) await disposable.dispose();
    },
  };
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
