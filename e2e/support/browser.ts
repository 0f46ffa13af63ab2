import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';
import { trackChanges } from './reused-pages.ts';
import { REPO_ROOT } from './server.ts';

export const VIEWPORT = { width: 390, height: 844 };
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e/screenshots');

export interface TestBrowser {
  /**
   * A page in a context of its own with empty storage (fresh, or reset after an earlier
   * test: decision 0185); console errors are collected.
   * `bypassCSP` is for tests that inject code of their own into the page (the app itself
   * always runs under its Content Security Policy). `blockServiceWorkers` keeps the app's
   * service worker out, for tests that hold the page's own requests (`page.route` does not
   * see what a service worker answers).
   */
  newPage(options?: { allowConsole?: RegExp[]; bypassCSP?: boolean; blockServiceWorkers?: boolean }): Promise<TestPage>;
  /** Closes the pages the file's tests left open (the worker's Chromium stays). */
  close(): Promise<void>;
  /** The process ids of the worker's Chromium's renderers (CDP's SystemInfo). */
  rendererProcessIds(): Promise<number[]>;
  /**
   * What each page still open shows, for a failed test's report: its address, the text on
   * screen (dialogs and toasts included), its last console lines; a screenshot of each is
   * saved under e2e/screenshots/failed/.
   */
  describeOpenPages(label: string): Promise<string>;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  /** Fails when the page logged an error not matching `allowConsole`. */
  assertNoConsoleErrors(): void;
  /** Ends the test's use of the page: reset and kept for a later test if unchanged, else closed with its context. */
  close(): Promise<void>;
}

/**
 * The worker's Chromium: launched by its first test file (a fresh temporary profile) and kept
 * for the files after it; it ends with the worker's process (Playwright closes what it
 * launched when the process exits). Launched again if it went away.
 */
let chromiumOfWorker: Promise<Browser> | undefined;

function workerChromium(): Promise<Browser> {
  chromiumOfWorker ??= chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] }).then((browser) => {
    browser.on('disconnected', () => {
      chromiumOfWorker = undefined;
      idle.length = 0;
    });
    return browser;
  });
  return chromiumOfWorker;
}

/**
 * Pages tests have closed unchanged, reset (resetForReuse), for the worker's next tests:
 * taken by the same server and options. Beyond IDLE_PAGES_MAX the oldest is closed.
 */
const idle: KeptPage[] = [];
const IDLE_PAGES_MAX = 4;

/**
 * A test file's browser: every test gets a page in a context of its own with empty storage
 * (on the server given, in the worker's Chromium).
 *
 * A page a test has closed is kept for a later test when the test changed nothing a reset
 * cannot undo (trackChanges): its listeners are removed, its storage (local, session,
 * IndexedDB, cache storage, service workers), cookies and HTTP cache cleared for every origin
 * it showed, and it waits on about:blank (decision 0185). Chromium's start of a renderer
 * process is most of what a fresh context costs: the app's page in a new context took 4.3-4.4 s
 * of CPU on this machine, the same page reset and loaded again 2.5-2.8 s
 * (scripts/bench-browser-page-cost.mjs; docs/benchmarks.md, Test suite).
 */
export async function launchBrowser(baseUrl: string): Promise<TestBrowser> {
  const browser = await workerChromium();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  /** The pages not closed yet, each with its last console lines (every type). */
  const open = new Map<Page, string[]>();
  /** Their contexts: closed with the file's browser if a test left them open. */
  const openContexts = new Set<BrowserContext>();

  async function openFresh(key: string, bypassCSP: boolean, blockServiceWorkers: boolean): Promise<KeptPage> {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      baseURL: baseUrl,
      locale: 'zh-TW',
      bypassCSP,
      serviceWorkers: blockServiceWorkers ? 'block' : 'allow',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    // File choosers stay intercepted for the page's life (a test takes one with
    // waitForEvent('filechooser')). Playwright switches interception on when a first
    // listener is added and off when the last is removed, without waiting for either, so a
    // chooser opened by a click racing that switch could be missed: a CI run under load
    // waited its 30 s for one after the click. The reset keeps this listener.
    page.on('filechooser', keepFileChoosersIntercepted);
    return { key, context, page, pageListeners: listenerSnapshot(asEmitter(page)), contextListeners: listenerSnapshot(asEmitter(context)) };
  }

  return {
    async newPage({ allowConsole = [], bypassCSP = false, blockServiceWorkers = false } = {}) {
      const key = JSON.stringify([baseUrl, bypassCSP, blockServiceWorkers]);
      const keptAt = idle.findLastIndex((candidate) => candidate.key === key);
      const kept = (keptAt >= 0 ? idle.splice(keptAt, 1)[0] : undefined) ?? (await openFresh(key, bypassCSP, blockServiceWorkers));
      const { page, context } = kept;
      openContexts.add(context);
      const lastLines: string[] = [];
      open.set(page, lastLines);
      const consoleErrors: string[] = [];
      const allowed = (text: string) => allowConsole.some((re) => re.test(text));
      /** The documents' origins the page showed: their storage is cleared before reuse. */
      const origins = new Set<string>([new URL(baseUrl).origin]);
      page.on('console', (message) => {
        const text = `${message.text()} (${message.location().url})`;
        lastLines.push(`${message.type()}: ${text}`.slice(0, 300));
        if (lastLines.length > LAST_CONSOLE_LINES) lastLines.shift();
        if (message.type() === 'error' && !allowed(text)) consoleErrors.push(text);
      });
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) consoleErrors.push(`pageerror: ${error.message}`);
      });
      page.on('framenavigated', (frame) => {
        const origin = originOf(frame.url());
        if (origin) origins.add(origin);
      });
      context.on('close', () => open.delete(page));
      const tracked = trackChanges(page, context);
      let closed = false;
      return {
        page: tracked.page,
        context: tracked.context,
        consoleErrors,
        assertNoConsoleErrors() {
          if (consoleErrors.length > 0) throw new Error(`console errors:\n${consoleErrors.join('\n')}`);
        },
        async close() {
          if (closed) return;
          closed = true;
          open.delete(page);
          openContexts.delete(context);
          if (tracked.changed() === null && !page.isClosed() && (await resetForReuse(kept, origins, tracked.undo))) {
            idle.push(kept);
            if (idle.length > IDLE_PAGES_MAX) await idle.shift()?.context.close();
            return;
          }
          await context.close();
        },
      };
    },
    async close() {
      await Promise.all([...openContexts].map((context) => context.close()));
      openContexts.clear();
    },
    async rendererProcessIds() {
      const session = await browser.newBrowserCDPSession();
      try {
        const { processInfo } = await session.send('SystemInfo.getProcessInfo');
        return processInfo.filter((process) => process.type === 'renderer').map((process) => process.id);
      } finally {
        await session.detach();
      }
    },
    async describeOpenPages(label) {
      const failedDir = path.join(SCREENSHOT_DIR, 'failed');
      mkdirSync(failedDir, { recursive: true });
      const reports: string[] = [];
      for (const [index, [page, lines]] of [...open.entries()].entries()) {
        try {
          const shown = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 800));
          const file = path.join(failedDir, `${label.replace(/[^\w-]+/g, '_').slice(0, 80)}-${index}.png`);
          await page.screenshot({ path: file, timeout: 5_000 });
          reports.push(
            `page ${index}: ${page.url()}\n  on screen: ${shown}\n  console:\n    ${lines.join('\n    ')}\n  screenshot: ${file}`,
          );
        } catch (error) {
          reports.push(
            `page ${index}: ${page.url()} (not readable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
          );
        }
      }
      return reports.join('\n');
    },
  };
}

/** A page (with its own context) kept for reuse. */
interface KeptPage {
  key: string;
  context: BrowserContext;
  page: Page;
  /** The listeners the page and its context had before any test used them. */
  pageListeners: ListenerSnapshot;
  contextListeners: ListenerSnapshot;
}

/** Every listener of an emitter, by event: what was there before a test's use of the page. */
type ListenerSnapshot = Map<string | symbol, Set<unknown>>;

interface Emitter {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): unknown[];
  off(event: string | symbol, listener: (...args: never[]) => unknown): unknown;
}

/** Playwright's page and context are Node-style emitters; their types name only on/off/once. */
function asEmitter(object: Page | BrowserContext): Emitter {
  return object as unknown as Emitter;
}

function listenerSnapshot(emitter: Emitter): ListenerSnapshot {
  return new Map(emitter.eventNames().map((event) => [event, new Set(emitter.listeners(event))]));
}

/** Removes the listeners added since the snapshot: the test's own and those of its use (console...). */
function removeListenersAddedSince(emitter: Emitter, before: ListenerSnapshot): void {
  for (const event of emitter.eventNames()) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.off(event, listener as (...args: never[]) => unknown);
    }
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('reset step timed out')), RESET_TIMEOUT).unref()),
  ]);
}

/**
 * Makes a page the test has left as a fresh context's: its init scripts removed (`undo`,
 * from trackChanges), every listener the test added removed (the standing file-chooser one
 * kept), the context's other pages closed, the page's routes removed, the context back
 * online, the viewport back to VIEWPORT, the page's session storage cleared, the page on
 * about:blank (in the renderer process it had: leaveForBlank), then each origin's storage
 * (local, IndexedDB, cache storage, service workers), the cookies and the HTTP cache cleared.
 * False when any step fails (a dialog left open, a crashed page): the page is then closed,
 * not reused.
 */
async function resetForReuse(kept: KeptPage, origins: Set<string>, undo: () => Promise<void>): Promise<boolean> {
  const { page, context } = kept;
  try {
    await withTimeout(undo());
    removeListenersAddedSince(asEmitter(page), kept.pageListeners);
    removeListenersAddedSince(asEmitter(context), kept.contextListeners);
    for (const other of context.pages()) {
      if (other === page) continue;
      const origin = originOf(other.url());
      if (origin) origins.add(origin);
      await withTimeout(other.close());
    }
    await withTimeout(page.unrouteAll({ behavior: 'ignoreErrors' }));
    await withTimeout(context.setOffline(false));
    const viewport = page.viewportSize();
    if (viewport?.width !== VIEWPORT.width || viewport.height !== VIEWPORT.height) await withTimeout(page.setViewportSize(VIEWPORT));
    if (originOf(page.url())) await withTimeout(page.evaluate(() => window.sessionStorage.clear()));
    // Nothing the page sends as it is left (the vitals beacon, the launch mark) reaches the
    // server: a fresh context's page is closed without being left, and a later test of the
    // file may count what the server received.
    const cdp = await context.newCDPSession(page);
    await withTimeout(cdp.send('Network.enable'));
    await withTimeout(cdp.send('Network.setBlockedURLs', { urls: ['*'] }));
    await leaveForBlank(page);
    await withTimeout(cdp.send('Network.setBlockedURLs', { urls: [] }));
    await withTimeout(cdp.send('Network.disable'));
    for (const origin of origins) {
      await withTimeout(cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' }));
    }
    await withTimeout(cdp.send('Network.clearBrowserCache'));
    await withTimeout(context.clearCookies());
    await withTimeout(cdp.detach());
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the page to about:blank in the renderer process it has. A page on a site leaves by
 * its own script (`location`): about:blank then stays in that process, and the next test's
 * first load of the app is a same-site navigation that keeps it. `page.goto('about:blank')`,
 * a browser-initiated navigation, made Chromium start a new renderer process for the blank
 * page and another for the app after it: a renderer's start is 0.3-0.6 CPU-s on a 2-core
 * host, once per reused page (docs/benchmarks.md, Test suite, a thirteenth session). A page
 * on no site (about:, data:, an error page) is taken there by `goto` as before.
 */
async function leaveForBlank(page: Page): Promise<void> {
  if (originOf(page.url()) === null) {
    await page.goto('about:blank', { timeout: RESET_TIMEOUT });
    return;
  }
  await withTimeout(
    // After the evaluation has returned: a navigation under way would end it with an error.
    page.evaluate(() => {
      setTimeout(() => {
        window.location.href = 'about:blank';
      }, 0);
    }),
  );
  await page.waitForURL('about:blank', { timeout: RESET_TIMEOUT, waitUntil: 'load' });
}

/** How long a reset step may take before the page is given up (closed instead). */
const RESET_TIMEOUT = 10_000;

/** The origin of a document's address, null for about:, data: and the like. */
function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The page's standing file-chooser listener: it does nothing, a test handles the chooser it waits for. */
function keepFileChoosersIntercepted(): void {}

/** Console lines kept per page for a failed test's report. */
const LAST_CONSOLE_LINES = 25;

/** Saves a screenshot of a notable state (popups, modals) beside the route screenshots. */
export async function screenshotState(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `state_${name}.png`) });
}
