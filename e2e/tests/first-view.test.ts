import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CODE_PLACEHOLDER, GET_CODE, LOGIN_SUBMIT, LOGIN_TITLE, MOBILE_PLACEHOLDER } from '@app/contract/messages/accounts.ts';
import { HOME_PRODUCTS_TITLE } from '@app/contract/messages/loan-home.ts';
import { LOAN_HOME_ENDPOINTS } from '@app/contract/endpoints/loan-home.ts';
import { COMMON_ENDPOINTS } from '@app/contract/endpoints/common.ts';
import { PATHS } from '@app/contract/paths.ts';
import path from 'node:path';
import { SCREENSHOT_DIR, VIEWPORT, screenshotState } from '../support/browser.ts';
import { waitForHydration } from '../support/app.ts';
import { WEB_DIST } from '../support/server.ts';
import { useE2ESuite } from '../support/suite.ts';
import { consentBox, latestCode, loginWithCode, outboxCount } from './accounts-helpers.ts';
import { randomMobile } from './borrower-helpers.ts';

/**
 * The public first views come in the HTML (decision 0166): the server renders the loans
 * home and the login page with the app's own components; an inline script picks the view
 * for the address before the first paint; React hydrates it. At 390x844 in Chromium.
 */
const suite = useE2ESuite();

/**
 * Before any of the page's own code: sums layout shifts, and at every frame notes which
 * first view is painted — the landing (its APR line visible), the login form, or the boot
 * shell — so a flash of the wrong one cannot pass between two looks of the test.
 */
async function watchFrames(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    const shifts: number[] = [];
    const record = window as unknown as { __frames: string[]; __shifts: number[] };
    record.__frames = seen;
    record.__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const visible = (selector: string) => {
      const element = document.querySelector(selector);
      return element instanceof HTMLElement && element.checkVisibility({ visibilityProperty: true });
    };
    // A session's own loans home (React's, when no landing was chosen) is not the visitor's landing.
    const ownHome = () =>
      document.documentElement.getAttribute('data-first-view') !== 'loans' &&
      Object.keys(document.querySelector('[data-testid="home-apr-line"]') ?? {}).some((key) => key.startsWith('__reactFiber$'));
    const frame = () => {
      const painted = visible('[data-testid="home-apr-line"]')
        ? ownHome()
          ? 'home'
          : 'landing'
        : visible('.login-form')
          ? 'login'
          : visible('[data-testid="boot-shell"]')
            ? 'shell'
            : 'other';
      // Blank frames (before #root is parsed) and pages of their own are not first views.
      if (painted !== 'other' && seen[seen.length - 1] !== painted) seen.push(painted);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function framesOf(page: Page): Promise<{ frames: string[]; cls: number; view: string | null }> {
  return page.evaluate(() => {
    const record = window as unknown as { __frames: string[]; __shifts: number[] };
    return {
      frames: record.__frames,
      cls: record.__shifts.reduce((sum, value) => sum + value, 0),
      view: document.documentElement.getAttribute('data-first-view'),
    };
  });
}

/** Marks the server's nodes as the parser left them, before the app's modules run: hydration keeps them, a new render would not. */
async function markServerNodes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const element of document.querySelectorAll('#root h1, #root h2, #root form')) {
        (element as HTMLElement).dataset.fromServer = '';
      }
    });
  });
}

/** The page is hydrated and settled: its last decoration (the service button, 1.5 s after load) is in. */
async function settled(page: Page): Promise<void> {
  await page.locator('[data-testid="service-button"]').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Holds the app's entry script until `release` is called: the server's view is on screen
 * and React is not (a phone still downloading the code). Answers the entry's file name.
 */
async function holdTheEntry(page: Page): Promise<{ release: () => void; entry: string }> {
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
  if (!entry) throw new Error('no entry in the manifest');
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  return { release: () => release(), entry };
}

/**
 * The first views' stylesheets are in the page (decision 0171): named by disabled links,
 * never fetched — neither before the first paint nor when a page's chunk imports them.
 */
async function expectInlinedStylesNotFetched(page: Page, asked: string[]): Promise<void> {
  const named = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map((link) => new URL(link.href).pathname),
  );
  expect(named.length).toBeGreaterThanOrEqual(5);
  expect(asked.filter((pathname) => named.includes(pathname))).toEqual([]);
  expect(await page.locator('style[data-first-view-styles]').count()).toBe(1);
}

/**
 * The server's view was painted before any of the app's code was even asked for (decision
 * 0179): the first contentful paint precedes every script request of /assets.
 */
async function expectCodeAfterFirstPaint(page: Page): Promise<void> {
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime),
  }));
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(5);
  expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.firstPaint!);
}

/** The page is the same load (not reloaded by a native form submission). */
async function markLoad(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameLoad: boolean }).__sameLoad = true));
}
const sameLoad = (page: Page) => page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad === true);

describe('the first views in the HTML', () => {
  it('without JavaScript, the landing shows its hero, APR line and products', async () => {
    const t = await suite.browser.newPage();
    const context = await t.context.browser()!.newContext({ viewport: VIEWPORT, javaScriptEnabled: false, locale: 'zh-TW' });
    try {
      const page = await context.newPage();
      await page.goto(`${suite.server.baseUrl}/`);
      await expect.poll(() => page.locator('[data-testid="home-apr-line"]').isVisible()).toBe(true);
      expect(await page.locator('[data-testid="home-apr-line"]').textContent()).toMatch(/總費用年百分率 \d/);
      expect(await page.locator('.home-card-amount').isVisible()).toBe(true);
      expect(await page.locator('.home-banner').first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: HOME_PRODUCTS_TITLE }).isVisible()).toBe(true);
      expect(await page.locator('.home-product').count()).toBeGreaterThan(0);
      expect(await page.locator('.home-product').first().isVisible()).toBe(true);
      // The templates (login, boot shell) are not shown.
      expect(await page.locator('.login-form').count()).toBe(0);
      expect(await page.locator('[data-testid="boot-shell"]').count()).toBe(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'state_first-view-no-js.png') });
    } finally {
      await context.close();
      await t.close();
    }
  });

  it('the loans home is painted before its code is fetched, then hydrates the server markup: no refetch, no shift, no console error', async () => {
    const t = await suite.browser.newPage();
    await watchFrames(t.context);
    await markServerNodes(t.context);
    const asked: string[] = [];
    t.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await t.page.goto('/');
    await settled(t.page);
    const { frames, cls, view } = await framesOf(t.page);
    expect(view).toBe('loans');
    expect(frames).toEqual(['landing']);
    expect(cls).toBe(0);
    // The same nodes the server sent: hydrated, not rendered anew.
    expect(await t.page.locator('#root h1[data-from-server]').count()).toBe(1);
    // The data it was rendered from seeded the cache: neither the home nor the config is asked for.
    expect(asked).not.toContain(LOAN_HOME_ENDPOINTS.loanCommonIndex.path);
    expect(asked).not.toContain(COMMON_ENDPOINTS.commonConfig.path);
    // A visitor has no session's data to ask for early (decision 0194): the early start is not fetched.
    expect(asked.filter((path) => path.includes('early-start'))).toEqual([]);
    await expectInlinedStylesNotFetched(t.page, asked);
    await expectCodeAfterFirstPaint(t.page);
    // Interactive: 查看全部方案 opens the product list.
    await waitForHydration(t.page, '.home-more');
    await t.page.locator('.home-more').click();
    await t.page.waitForFunction(() => window.location.hash.startsWith('#/pages/loans/productList'));
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('the notices stand whole and still once the landing is hydrated: not cut off, not moving (decision 0180)', async () => {
    const t = await suite.browser.newPage();
    await t.page.goto('/');
    await waitForHydration(t.page, '.home-more');
    const note = t.page.getByRole('note');
    // The seed's warning against fraud, first word to last.
    await expect.poll(() => note.innerText()).toMatch(/^提醒您：.*保證金。$/s);
    const readNote = () =>
      t.page.evaluate(() => {
        const element = document.querySelector<HTMLElement>('[role="note"]')!;
        const text = element.querySelector('p')!;
        return {
          clipped: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
          textLeft: Math.round(text.getBoundingClientRect().left),
          moving: document.getAnimations().filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return animation.playState === 'running' && target instanceof Node && element.contains(target);
          }).length,
        };
      });
    const first = await readNote();
    expect(first).toMatchObject({ clipped: false, moving: 0 });
    await t.page.waitForTimeout(1500);
    expect(await readNote()).toEqual(first);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('a slow phone paints the landing whole: no half-parsed view, no shift (CPU 12x slower)', async () => {
    // Without the head's render-blocking expectation of the view's end (web-app.ts), half of
    // such loads painted a tab bar of two or three items first and shifted (CLS 0.001-0.012).
    for (let load = 0; load < 2; load += 1) {
      const t = await suite.browser.newPage();
      await watchFrames(t.context);
      const cdp = await t.context.newCDPSession(t.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 12 });
      await t.page.goto('/');
      await settled(t.page);
      const { frames, cls } = await framesOf(t.page);
      expect(frames).toEqual(['landing']);
      expect(cls).toBe(0);
      t.assertNoConsoleErrors();
      await t.close();
    }
  });

  it('a deep link to the login page shows the login view from the first frame, hydrated and usable', async () => {
    const t = await suite.browser.newPage();
    const asked: string[] = [];
    t.page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await watchFrames(t.context);
    await markServerNodes(t.context);
    await t.page.goto('/#/pages/login/index');
    await settled(t.page);
    const { frames, cls, view } = await framesOf(t.page);
    expect(view).toBe('login');
    expect(frames).toEqual(['login']);
    expect(cls).toBe(0);
    expect(await t.page.getByRole('heading', { name: LOGIN_TITLE }).isVisible()).toBe(true);
    expect(await t.page.locator('form.login-form[data-from-server]').count()).toBe(1);
    // The login page's chunk is loaded and its styles were not fetched again.
    await expectInlinedStylesNotFetched(t.page, asked);
    await expectCodeAfterFirstPaint(t.page);
    // Hydrated: the form reacts (its own validation message in Traditional Chinese).
    await waitForHydration(t.page, '.login-form');
    await t.page.locator('.login-form input[type="tel"]').fill('0912');
    await t.page.locator('.login-form button[type="submit"]').click();
    await expect.poll(() => t.page.locator('.form-error').textContent()).not.toBe('');
    await screenshotState(t.page, 'first-view-login');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("a logged-in deep link starts from the boot shell, never the landing, and shows the user's page", async () => {
    const t = await suite.browser.newPage();
    await t.page.goto('/#/pages/login/index');
    await waitForHydration(t.page, '.login-form');
    await loginWithCode(t.page, suite.server.baseUrl, randomMobile());
    await t.page.waitForFunction(() => !window.location.hash.startsWith('#/pages/login'));
    await watchFrames(t.context);
    // A new load, not a hash change within the page.
    await t.page.goto('about:blank');
    await t.page.goto('/#/pages/order/index');
    await t.page.waitForFunction(() => window.location.hash.startsWith('#/pages/order/index'));
    await t.page.locator('.tab-bar').waitFor();
    await settled(t.page);
    const { frames, cls, view } = await framesOf(t.page);
    expect(view).toBe('shell');
    expect(frames).not.toContain('landing');
    expect(frames[0]).toBe('shell');
    expect(cls).toBe(0);
    // The boot shell fetches neither first view's code (the landing's, the login page's): only what every page shares, then the page's own.
    const preloaded = await t.page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
    );
    expect(preloaded.some((href) => /\/request-core-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.some((href) => /\/orders-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.filter((href) => /\/(loans-page|lender-footer|login-page)-[\w-]+\.js$/.test(href))).toEqual([]);
    // The loans home of a session is its own too: the boot shell first, never the visitor's landing.
    await t.page.goto('about:blank');
    await t.page.goto('/#/pages/loans/index');
    await t.page.locator('[data-testid="home-apr-line"]').waitFor();
    const home = await framesOf(t.page);
    expect(home.view).toBe('shell');
    expect(home.frames).not.toContain('landing');
    // The boot shell, unless the app (its code cached from the visit before) drew the user's home before the first frame.
    expect(home.frames[0]).toMatch(/^(shell|home)$/);
    expect(home.frames[home.frames.length - 1]).toBe('home');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('what a visitor types and taps in the login view before the code has arrived is acted on once it is hydrated', async () => {
    const t = await suite.browser.newPage();
    const mobile = randomMobile();
    const asked: string[] = [];
    t.page.on('request', (request) => asked.push(new URL(request.url()).pathname));

    // The number typed, the consent and 獲取驗證碼 tapped while the entry is still on its way.
    const first = await holdTheEntry(t.page);
    await t.page.goto('/#/pages/login/index', { waitUntil: 'commit' });
    await t.page.locator('.login-form').waitFor();
    await markLoad(t.page);
    await t.page.getByPlaceholder(MOBILE_PLACEHOLDER).pressSequentially(mobile);
    await consentBox(t.page).click();
    await t.page.getByRole('button', { name: GET_CODE }).click();
    // Nothing acted natively meanwhile: the box is not ticked behind React's back, nothing is sent.
    expect(await t.page.locator('.login-consent input[type="checkbox"]').isChecked()).toBe(false);
    expect(await outboxCount(suite.server.baseUrl, mobile)).toBe(0);
    expect(asked.some((pathname) => pathname.endsWith(first.entry))).toBe(true);
    first.release();
    // Hydrated, the app takes them in order: the code goes to the typed number, the box is ticked.
    const code = await latestCode(suite.server.baseUrl, mobile);
    await expect.poll(() => consentBox(t.page).getAttribute('class')).toContain('adm-checkbox-checked');
    expect(await t.page.getByPlaceholder(MOBILE_PLACEHOLDER).inputValue()).toBe(mobile);
    expect(await outboxCount(suite.server.baseUrl, mobile)).toBe(1);
    expect(await sameLoad(t.page)).toBe(true);

    t.assertNoConsoleErrors();
    await t.close();

    // Another visit (a browser of its own: no service worker yet): the whole login — number,
    // code, consent, 登入 tapped twice — before the code arrives.
    const v = await suite.browser.newPage();
    const loginCalls: string[] = [];
    v.page.on('request', (request) => {
      if (new URL(request.url()).pathname === PATHS.login.path) loginCalls.push(request.url());
    });
    const second = await holdTheEntry(v.page);
    await v.page.goto('/#/pages/login/index', { waitUntil: 'commit' });
    await v.page.locator('.login-form').waitFor();
    await markLoad(v.page);
    await v.page.getByPlaceholder(MOBILE_PLACEHOLDER).pressSequentially(mobile);
    await v.page.getByPlaceholder(CODE_PLACEHOLDER).pressSequentially(code);
    await consentBox(v.page).click();
    const submit = v.page.getByRole('button', { name: LOGIN_SUBMIT, exact: true });
    await submit.click();
    await submit.click();
    // The submit did not reload the page (a form without React posts to itself), nor log in yet.
    expect(await sameLoad(v.page)).toBe(true);
    expect(await v.page.evaluate(() => window.location.hash)).toBe('#/pages/login/index');
    expect(await v.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    second.release();
    await v.page.waitForFunction(() => !window.location.hash.startsWith('#/pages/login'), null, { timeout: 60_000 });
    expect(await v.page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    expect(await sameLoad(v.page)).toBe(true);
    // No second code was asked for, and the tap repeated in vain counted once: one login.
    expect(await outboxCount(suite.server.baseUrl, mobile)).toBe(1);
    expect(loginCalls).toHaveLength(1);
    await screenshotState(v.page, 'first-view-login-before-hydration');
    v.assertNoConsoleErrors();
    await v.close();
  });
});
