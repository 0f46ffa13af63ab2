import { beforeAll, describe, expect, it } from 'vitest';
import { BANNER_PAUSE, BANNER_PLAY } from '@app/contract/messages/loan-home.ts';
import { launch } from '../support/app.ts';
import { screenshotState } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { createOperator, enrolAndSignIn } from './admin-helpers.ts';

/**
 * An administrator adds a second banner in the console; a visitor's loans home then turns
 * the banners by itself every 4 s, with a control that pauses it (WCAG 2.2.2: moving content
 * lasting more than 5 s can be paused), and a phone that asks for reduced motion gets the
 * carousel paused from the start.
 */
const suite = useE2ESuite();
let enrolment = '';
beforeAll(async () => {
  enrolment = await createOperator(suite.server, 'hana');
});

const BANNER_TITLE = '開學季：總費用年百分率上限 16%';
/** The carousel's interval (4 s, banner-swiper.tsx) and its glide to the next banner. */
const INTERVAL_AND_GLIDE_MS = 5_000;
/** How far the page's clock moves between two readings of the carousel. */
const STEP_MS = 500;

describe('the loans home banners', () => {
  it('turn by themselves once there are two, pause and play again on their control, and start paused for reduced motion', async () => {
    const admin = await suite.browser.newPage({ allowConsole: [/status of 401/] });
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    await enrolAndSignIn(admin.page, suite.server, enrolment, 'hana');
    await admin.page.getByRole('menuitem', { name: '首頁內容與客服' }).click();
    await admin.page.getByRole('button', { name: '新增首頁橫幅' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('標題').fill(BANNER_TITLE);
    await dialog.getByLabel('圖片網址').fill('/icons/icon.svg');
    await dialog.getByRole('button', { name: '儲存' }).click();
    await admin.page.getByText('已儲存').waitFor();
    await admin.close();

    // No service worker: a returning visitor's worker may serve the page it kept, whose home
    // counts as fresh for a minute (first-view-seed.ts); a first visit reads the server's.
    const visitor = await suite.browser.newPage({ blockServiceWorkers: true });
    const { page } = visitor;
    // The page's own clock, moved on by the test where it waits for the carousel's interval
    // (it runs at the real pace in between, so the pages load as they do for a person).
    await page.clock.install();
    const toggle = page.getByTestId('banner-toggle');
    // The home's content is cached for a few seconds: the page the server sends names the
    // second banner within them (its first view's data), then a visitor's load shows both.
    await expect
      .poll(async () => (await (await fetch(`${suite.server.baseUrl}/`)).text()).includes(BANNER_TITLE), { timeout: 30_000 })
      .toBe(true);
    await launch(page, '/pages/loans/index');
    // The carousel's chunk comes after hydration.
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-label')).toBe(BANNER_PAUSE);
    // A tap target as large as the app's other controls (44 px), inside the banner.
    const box = await toggle.boundingBox();
    const banner = await page.locator('.home-banners-frame').boundingBox();
    expect(box && box.width >= 44 && box.height >= 44).toBe(true);
    expect(box && banner && box.x + box.width <= banner.x + banner.width && box.y + box.height <= banner.y + banner.height).toBe(true);
    const activeDot = () =>
      page
        .locator('.home-banners .adm-page-indicator-dot')
        .evaluateAll((dots) => dots.findIndex((dot) => dot.classList.contains('adm-page-indicator-dot-active')));
    /**
     * The active dot after each half second of the page's clock over `ms`: a turn is seen
     * before the next (4 s later) could bring the dot back (two banners).
     */
    const dotsOver = async (ms: number) => {
      const seen: number[] = [];
      for (let moved = 0; moved < ms; moved += STEP_MS) {
        await page.clock.runFor(STEP_MS);
        seen.push(await activeDot());
      }
      return seen;
    };
    const first = await activeDot();
    // It turns by itself (every 4 s).
    expect((await dotsOver(INTERVAL_AND_GLIDE_MS)).some((dot) => dot !== first)).toBe(true);
    await screenshotState(page, 'home-banners-turning');

    // Paused: it stays where it is for longer than its interval.
    await toggle.click();
    expect(await toggle.getAttribute('aria-label')).toBe(BANNER_PLAY);
    const paused = await activeDot();
    expect(new Set(await dotsOver(6_000))).toEqual(new Set([paused]));
    // Played again: it turns.
    await toggle.click();
    expect(await toggle.getAttribute('aria-label')).toBe(BANNER_PAUSE);
    expect((await dotsOver(INTERVAL_AND_GLIDE_MS)).some((dot) => dot !== paused)).toBe(true);
    visitor.assertNoConsoleErrors();
    await visitor.close();

    // A phone that asks for reduced motion: paused from the start, turned by hand.
    const still = await suite.browser.newPage({ blockServiceWorkers: true });
    await still.page.emulateMedia({ reducedMotion: 'reduce' });
    await launch(still.page, '/pages/loans/index');
    const stillToggle = still.page.getByTestId('banner-toggle');
    await stillToggle.waitFor();
    expect(await stillToggle.getAttribute('aria-label')).toBe(BANNER_PLAY);
    still.assertNoConsoleErrors();
    await still.close();
  });
});
