import { describe, expect, it } from 'vitest';
import { launch } from '../support/app.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { useE2ESuite } from '../support/suite.ts';

const suite = useE2ESuite();

/** A file of the app's origin that runs none of the app: storage can be read there untouched. */
const PLAIN_FILE = '/manifest.webmanifest';

/**
 * The browser tests' own support (decision 0185): a page a test closes unchanged is reset and
 * given to the next test, and must then hold nothing of the last one.
 */
describe('browser test pages', () => {
  it('a reused page starts with nothing of the last test: storage, cookies, service worker, caches, HTTP cache, listeners', async () => {
    const first = await suite.browser.newPage();
    await launch(first.page);
    await waitForServiceWorker(first.page);
    await first.page.evaluate(async () => {
      window.localStorage.setItem('left-behind', '1');
      window.sessionStorage.setItem('left-behind', '1');
      document.cookie = 'left-behind=1; max-age=3600';
      await (await caches.open('left-behind')).put('/left-behind', new Response('x'));
      await new Promise((resolve) => {
        indexedDB.open('left-behind').onsuccess = resolve;
      });
    });
    let heardAfterClose = 0;
    first.page.on('console', () => (heardAfterClose += 1));
    const firstFrame = first.page.mainFrame();
    await first.close();

    const second = await suite.browser.newPage();
    // The same page (the same renderer), not a new context: what this test is about.
    expect(second.page.mainFrame()).toBe(firstFrame);
    await second.page.goto(PLAIN_FILE);
    expect(
      await second.page.evaluate(async () => ({
        local: window.localStorage.length,
        session: window.sessionStorage.length,
        cookie: document.cookie,
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        caches: await caches.keys(),
        databases: (await indexedDB.databases()).map((database) => database.name),
      })),
    ).toEqual({ local: 0, session: 0, cookie: '', workers: 0, caches: [], databases: [] });
    expect((await second.context.cookies()).map((cookie) => cookie.name)).toEqual([]);
    await second.page.evaluate(() => console.log('a line the last test must not hear'));
    expect(heardAfterClose).toBe(0);

    // The hashed files (cached for a year) come from the server again, not the HTTP cache.
    await launch(second.page);
    const transferred = await second.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/'))
        .map((entry) => (entry as PerformanceResourceTiming).transferSize),
    );
    expect(transferred.length).toBeGreaterThan(0);
    expect(transferred.filter((size) => size === 0)).toEqual([]);
    second.assertNoConsoleErrors();
    await second.close();
  });

  it('a reused page keeps its renderer process: the reset and the next load of the app start none', async () => {
    const first = await suite.browser.newPage();
    await launch(first.page);
    const before = await suite.browser.rendererProcessIds();
    await first.close();

    const second = await suite.browser.newPage();
    await launch(second.page);
    await second.page.goto(PLAIN_FILE);
    const started = (await suite.browser.rendererProcessIds()).filter((id) => !before.includes(id));
    expect(started).toEqual([]);
    second.assertNoConsoleErrors();
    await second.close();
  });

  it('a page changed in a way the reset does not undo is closed, not reused', async () => {
    const first = await suite.browser.newPage();
    await first.page.emulateMedia({ colorScheme: 'dark' });
    const firstFrame = first.page.mainFrame();
    await first.close();
    expect(first.page.isClosed()).toBe(true);

    const second = await suite.browser.newPage();
    expect(second.page.mainFrame()).not.toBe(firstFrame);
    await second.page.goto(PLAIN_FILE);
    expect(await second.page.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
    await second.close();
  });

  it("the test's init scripts, the page's and the context's, are removed: the page is reused and runs neither", async () => {
    const first = await suite.browser.newPage();
    await first.page.addInitScript(() => {
      (window as unknown as { leftByPage: boolean }).leftByPage = true;
    });
    await first.context.addInitScript(() => {
      (window as unknown as { leftByContext: boolean }).leftByContext = true;
    });
    await first.page.goto(PLAIN_FILE);
    expect(await first.page.evaluate(() => ['leftByPage' in window, 'leftByContext' in window])).toEqual([true, true]);
    const firstFrame = first.page.mainFrame();
    await first.close();

    const second = await suite.browser.newPage();
    expect(second.page.mainFrame()).toBe(firstFrame);
    await second.page.goto(PLAIN_FILE);
    expect(await second.page.evaluate(() => ['leftByPage' in window, 'leftByContext' in window])).toEqual([false, false]);
    await second.close();
  });

  it('what the reset undoes is undone: routes, the viewport, offline, the other pages', async () => {
    const first = await suite.browser.newPage();
    await first.page.route('**/manifest.webmanifest', (route) => route.fulfill({ body: 'held' }));
    await first.page.setViewportSize({ width: 800, height: 600 });
    await first.context.setOffline(true);
    const other = await first.context.newPage();
    const firstFrame = first.page.mainFrame();
    await first.close();
    expect(other.isClosed()).toBe(true);

    const second = await suite.browser.newPage();
    expect(second.page.mainFrame()).toBe(firstFrame);
    const response = await second.page.goto(PLAIN_FILE);
    expect(await response?.text()).not.toBe('held');
    expect(second.page.viewportSize()).toEqual({ width: 390, height: 844 });
    expect(await second.page.evaluate(() => navigator.onLine)).toBe(true);
    expect(second.context.pages()).toHaveLength(1);
    await second.close();
  });
});
