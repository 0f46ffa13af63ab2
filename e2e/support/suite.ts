import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, type TestBrowser, type TestPage } from './browser.ts';
import { acquireServer, type StartServerOptions, type TestServer } from './server.ts';

export interface E2ESuite {
  readonly server: TestServer;
  readonly browser: TestBrowser;
}

/**
 * One real API server and a browser per test file. The server is an idle one of the run's
 * pool started with the same environment (by any worker), reset to how it started (the
 * database emptied and seeded again: every file still starts on a fresh database), else a
 * new one (acquireServer); it goes back to the pool after the file. The browser is the
 * worker's Chromium (launched once per worker); each test's page has a context of its own
 * with empty storage (decision 0185).
 */
export function useE2ESuite(options: StartServerOptions = {}): E2ESuite {
  let server: TestServer | undefined;
  let release = async () => {};
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    ({ server, release } = await acquireServer(options));
    browser = await launchBrowser(server.baseUrl);
  });

  // A failed test says what its pages showed: a failure under load in CI is then read, not guessed.
  beforeEach((context) => {
    context.onTestFailed(async () => {
      if (!browser) return;
      const report = await browser.describeOpenPages(context.task.name);
      if (report) console.error(`── what the open pages showed when "${context.task.name}" failed:\n${report}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await release();
  });

  return {
    get server() {
      if (!server) throw new Error('the e2e server is not started (used outside a test?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the e2e browser is not started (used outside a test?)');
      return browser;
    },
  };
}

/**
 * One page (its own browser context) for the whole file, opened before its tests and
 * closed after them; its fields read the open page.
 */
export function usePagePerFile(suite: E2ESuite): TestPage {
  let opened: TestPage | undefined;
  beforeAll(async () => {
    opened = await suite.browser.newPage();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): TestPage => {
    if (!opened) throw new Error('the file page is not open (used outside a test?)');
    return opened;
  };
  return {
    get page() {
      return current().page;
    },
    get context() {
      return current().context;
    },
    get consoleErrors() {
      return current().consoleErrors;
    },
    assertNoConsoleErrors: () => current().assertNoConsoleErrors(),
    close: () => current().close(),
  };
}
