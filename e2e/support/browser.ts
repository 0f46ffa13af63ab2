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
  /** The pages not closed yet, each with its last console lines (every type). */
  const open = new Map<Page, string[]>();

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
      // File choosers stay intercepted for the page's life (a test takes one with
      // waitForEvent('filechooser')). Playwright switches interception on when a first
      // listener is added and off when the last is removed, without waiting for either, so a
      // chooser opened by a click racing that switch could be missed: a CI run under load
      // waited its 30 s for one after the click.
      page.on('filechooser', keepFileChoosersIntercepted);
      const lastLines: string[] = [];
      open.set(page, lastLines);
      context.on('close', () => open.delete(page));
      const consoleErrors: string[] = [];
      const allowed = (text: string) => allowConsole.some((re) => re.test(text));
      page.on('console', (message) => {
        const text = `${message.text()} (${message.location().url})`;
        lastLines.push(`${message.type()}: ${text}`.slice(0, 300));
        if (lastLines.length > LAST_CONSOLE_LINES) lastLines.shift();
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

/** The page's standing file-chooser listener: it does nothing, a test handles the chooser it waits for. */
function keepFileChoosersIntercepted(): void {}

/** Console lines kept per page for a failed test's report. */
const LAST_CONSOLE_LINES = 25;

/** Saves a screenshot of a notable state (popups, modals) beside the route screenshots. */
export async function screenshotState(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `state_${name}.png`) });
}
