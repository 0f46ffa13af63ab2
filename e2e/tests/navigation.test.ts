import { describe, expect, it } from 'vitest';
import { clickBack, goTo, launch, storageItem } from '../support/app.ts';
import { screenshotState } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode } from './accounts-helpers.ts';
import { randomMobile } from './borrower-helpers.ts';
import { LAUNCH_EVENT } from '@app/contract/schemas/tracking.ts';
import { QUIT_POPUP_CONTENT, QUIT_POPUP_CONTINUE, QUIT_POPUP_LEAVE } from '@app/contract/messages/app-shell.ts';

const MARK_PATH = '/api/v3/other/mark';

const suite = useE2ESuite();

async function latestEventFor(route: string) {
  let found;
  await expect
    .poll(async () => {
      found = (await suite.server.events(10)).find((e) => e.eventContent === route);
      return found;
    })
    .toBeTruthy();
  return found as unknown as { event: string; eventContent: string };
}

describe('nav bar back', () => {
  it('goes back one page when there is one, records the tracking event and sets the first-visit flag', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await goTo(t.page, '/pages/loans/productList');
    await goTo(t.page, '/pages/loans/applyFor');
    expect(await storageItem(t.page, 'firstVisit')).toBeNull();

    await clickBack(t.page);
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/productList');

    const event = await latestEventFor('/pages/loans/applyFor');
    expect(event.event).toBe('-1');
    expect(await storageItem(t.page, 'firstVisit')).toBe('true');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('switches to the loans tab when there is no page to go back to', async () => {
    const t = await suite.browser.newPage();
    // A borrower who is logged in opens a link straight onto a page: a new start, no page before it.
    await launch(t.page, '/pages/login/index');
    await loginWithCode(t.page, suite.server.baseUrl, randomMobile());
    await t.page.waitForFunction(() => window.location.hash !== '#/pages/login/index');
    await t.page.goto('about:blank');
    await launch(t.page, '/pages/loans/productList');
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/loans/productList');

    await clickBack(t.page);
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/index');
    // Its launch is marked with the same route: the back press is the '-1' one.
    await expect
      .poll(async () => (await suite.server.events(10)).some((e) => e.eventContent === '/pages/loans/productList' && e.event === '-1'))
      .toBe(true);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('follows an address that changed while the app was starting, before its router listened', async () => {
    const t = await suite.browser.newPage();
    // The hash router reads the address when it first renders (marking its entry with idx 0)
    // and listens for changes only when it commits: the address moves just before it listens,
    // as a back press or a typed address would on a slow phone while the page hydrates.
    await t.page.addInitScript(() => {
      const replace = window.history.replaceState.bind(window.history);
      const listen = window.addEventListener.bind(window);
      let marked = false;
      let moved = false;
      window.history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
        replace(state, unused, url);
        if (typeof state === 'object' && state !== null && 'idx' in state && state.idx === 0) marked = true;
      };
      window.addEventListener = ((
        type: string,
        ...rest: Parameters<typeof window.addEventListener> extends [unknown, ...infer R] ? R : never
      ) => {
        if (type === 'popstate' && marked && !moved) {
          moved = true;
          window.history.pushState(null, '', '#/pages/loans/productList');
        }
        listen(type, ...rest);
      }) as typeof window.addEventListener;
    });
    await launch(t.page);
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/loans/productList');
    // The page shown is the one the address names.
    await t.page.locator('.nav-bar .adm-nav-bar-back').first().waitFor();
    await t.page.locator('.tab-bar').waitFor({ state: 'detached' });
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows the tracking call's refusal as an error, and still goes back", async () => {
    const t = await suite.browser.newPage();
    // The start sends its own mark (the launch): answered before the fault meant for the back action's.
    const launchMarked = t.page.waitForResponse((response) => response.url().includes(MARK_PATH));
    await launch(t.page);
    await launchMarked;
    await goTo(t.page, '/pages/order/pay');
    await suite.server.setFault(MARK_PATH, { kind: 'envelope', status: 500, message: '事件記錄失敗' });
    await clickBack(t.page);
    await t.page.getByText('事件記錄失敗').waitFor();
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/index');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('marks the launch with the route the app opened on, though the user moved on before the mark left', async () => {
    const t = await suite.browser.newPage();
    const launches = async () => (await suite.server.events(50)).filter((e) => e.event === LAUNCH_EVENT);
    const before = (await launches()).length;
    // The mark leaves after the API origins are known: their answer is held until the user has moved on.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await t.page.route('**/api/v3/other/changeDomainName', async (route) => {
      await held;
      await route.continue();
    });
    await launch(t.page);
    const opened = await t.page.evaluate(() => window.location.hash.replace(/^#/, ''));
    expect(opened).toBe('/pages/loans/index');
    await goTo(t.page, '/pages/loans/productList');
    release();
    await expect.poll(async () => (await launches()).length).toBe(before + 1);
    // Newest first: this start's mark.
    expect((await launches())[0]?.eventContent).toBe(opened);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('with otherBack opens the quit popup: 繼續認證 stays, 放棄並退出 leaves', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await goTo(t.page, '/pages/me/userInfo');
    const before = (await suite.server.events(50)).filter((e) => e.eventContent === '/pages/me/userInfo').length;

    await clickBack(t.page);
    const popup = t.page.getByRole('dialog', { name: QUIT_POPUP_CONTENT });
    await popup.waitFor();
    expect(await popup.getByText(QUIT_POPUP_CONTENT).isVisible()).toBe(true);
    const radius = await t.page
      .locator('.quit-popup')
      .evaluate((n) => [getComputedStyle(n).borderTopLeftRadius, getComputedStyle(n).borderTopRightRadius]);
    expect(radius).toEqual(['20px', '20px']);
    await t.page.waitForTimeout(400); // let the popup's slide-in finish for the screenshot
    await screenshotState(t.page, 'quit-popup');

    await popup.getByRole('button', { name: QUIT_POPUP_CONTINUE }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/me/userInfo');

    await clickBack(t.page);
    await popup.getByRole('button', { name: QUIT_POPUP_LEAVE }).click();
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/index');
    await expect
      .poll(async () => (await suite.server.events(50)).filter((e) => e.eventContent === '/pages/me/userInfo').length)
      .toBe(before + 1);
    t.assertNoConsoleErrors();
    await t.close();
  });
});
