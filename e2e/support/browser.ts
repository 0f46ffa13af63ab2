import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from './server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const VIEWPORT = { width: 390, height: 844 };
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e/screenshots');

export interface TestBrowser {
  /**
   * A fresh context (empty storage) with one page; console errors are collected.
   * `bypassCSP` is for tests that inject code of their own into the page (the app itself
   * always runs under its Content Security Policy). `blockServiceWorkers` keeps the app's
   * service worker out, for tests that hold the page's own requests (`page.route` does not
   * see what a service worker answers).
   */
  newPage(options?: { allowConsole?: RegExp[]; bypassCSP?: boolean; blockServiceWorkers?: boolean }): Promise<TestPage>;
  close(): Promise<void>;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  consoleErrors: string[];
  /** Fails when the page logged an error not matching `allowConsole`. */
  assertNoConsoleErrors(): void;
  close(): Promise<void>;
}

/**
 * Debian's chromium, never a downloaded one. `launch` gives every run a fresh temporary
 * profile folder (removed on close) and every test its own context with empty storage.
 */
export async function launchBrowser(baseUrl: string): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    async newPage({ allowConsole = [], bypassCSP = false, blockServiceWorkers = false } = {}) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        baseURL: baseUrl,
        locale: 'zh-TW',
        bypassCSP,
        serviceWorkers: blockServiceWorkers ? 'block' : 'allow',
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      const allowed = (text: string) => allowConsole.some((re) => re.test(text));
      page.on('console', (message) => {
        const text = `${message.text()} (${message.location().url})`;
        if (message.type() === 'error' && !allowed(text)) consoleErrors.push(text);
      });
      page.on('pageerror', (error) => {
        if (!allowed(error.message)) consoleErrors.push(`pageerror: ${error.message}`);
      });
      return {
        page,
        context,
        consoleErrors,
        assertNoConsoleErrors() {
          if (consoleErrors.length > 0) throw new Error(`console errors:\n${consoleErrors.join('\n')}`);
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** Saves a screenshot of a notable state (popups, modals) beside the route screenshots. */
export async function screenshotState(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `state_${name}.png`) });
}
