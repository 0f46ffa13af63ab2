import { describe, expect, it } from 'vitest';
import { clickBack, goTo, launch, setToken, storageItem } from '../support/app.ts';
import { screenshotState } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
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
    await t.page.goto('/');
    await setToken(t.page);
    await t.page.goto('/#/pages/order/detail');
    await t.page.locator('.nav-bar').waitFor();

    await clickBack(t.page);
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/index');
    expect((await latestEventFor('/pages/order/detail')).event).toBe('-1');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows the tracking call's refusal as an error, and still goes back", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await goTo(t.page, '/pages/order/pay');
    await suite.server.setFault(MARK_PATH, { kind: 'envelope', status: 500, message: '事件記錄失敗' });
    await clickBack(t.page);
    await t.page.getByText('事件記錄失敗').waitFor();
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/index');
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
