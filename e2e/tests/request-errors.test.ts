import { describe, expect, it } from 'vitest';
import { launch, storageItem, waitForHydration } from '../support/app.ts';
import { screenshotState, type TestPage } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { SLOW_NETWORK_TEXT, TOAST_COPIED } from '@app/contract/messages/app-shell.ts';
import {
  ACCESS_FAILED,
  COPY_ADDRESS,
  DATA_ERROR_RELOGIN,
  DATA_INVALID,
  HTTP_STATUS_PREFIX,
  MODAL_CONFIRM,
  MODAL_WARM_TITLE,
  TIMEOUT_CONTENT,
  TIMEOUT_TITLE,
} from '@app/contract/messages/request-errors.ts';

/** The service button's call is the app shell's one user-triggered request. */
const CONFIG_ONE_PATH = '/api/v3/common/config/one';
const LOAD_FAILED = [/Failed to load resource/];

const suite = useE2ESuite();

async function loggedIn(t: TestPage): Promise<void> {
  await t.page.goto('/');
  await t.page.evaluate(() => {
    localStorage.setItem('token', JSON.stringify('e2e-token'));
    localStorage.setItem('loginInfo', JSON.stringify({ userId: 'u1', uuId: 'uu1' }));
    localStorage.setItem('applyInfo', JSON.stringify({ step: 2 }));
  });
  await launch(t.page, '/pages/loans/index');
}

function tapService(t: TestPage) {
  return t.page.getByTestId('service-button').click();
}

function dialog(t: TestPage) {
  return t.page.locator('.adm-dialog-body');
}

describe('request layer', () => {
  it('301: clears token, loginInfo and applyInfo, and lands on login, which will bring the user back', async () => {
    const t = await suite.browser.newPage();
    await loggedIn(t);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'envelope', status: 301, message: '請重新登入' });
    await tapService(t);
    await t.page.waitForFunction(() => window.location.hash.startsWith('#/pages/login/index'));
    expect(await t.page.evaluate(() => window.location.hash)).toBe(
      `#/pages/login/index?redirect=${encodeURIComponent('/pages/loans/index')}`,
    );
    expect(await storageItem(t.page, 'token')).toBeNull();
    expect(await storageItem(t.page, 'loginInfo')).toBeNull();
    expect(await storageItem(t.page, 'applyInfo')).toBeNull();
    expect(await storageItem(t.page, 'url')).not.toBeNull();
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("500: shows the server's message", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'envelope', status: 500, message: '系統維護中，請稍後再試' });
    await tapService(t);
    await t.page.getByText('系統維護中，請稍後再試').waitFor();
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('a slow answer shows the loading indicator, the slow-network text after 5 s, and hides both after', async () => {
    const t = await suite.browser.newPage();
    // The page's timers on Playwright's clock: its 5 s are run forward, not waited out.
    await t.page.clock.install();
    await launch(t.page);
    // The answer is held (at the browser, before it reaches the server) until the test lets it go.
    let answer!: () => void;
    const released = new Promise<void>((resolve) => (answer = resolve));
    await t.page.route(`**${CONFIG_ONE_PATH}**`, async (route) => {
      await released;
      await route.continue();
    });
    await tapService(t);
    const loading = t.page.getByTestId('request-loading');
    await loading.waitFor();
    expect(await t.page.getByText(SLOW_NETWORK_TEXT).count()).toBe(0);
    await t.page.clock.runFor(5_000);
    await t.page.getByText(SLOW_NETWORK_TEXT).waitFor();
    await screenshotState(t.page, 'slow-network');
    answer();
    await t.page.locator('.service-popup-inner').waitFor();
    await loading.waitFor({ state: 'hidden' });
    expect(await t.page.getByText(SLOW_NETWORK_TEXT).count()).toBe(0);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('no answer within 15 s: loading hidden, the timeout modal with 確認 and no cancel', async () => {
    const t = await suite.browser.newPage();
    // The page's timers on Playwright's clock: its 15 s are run forward, not waited out.
    await t.page.clock.install();
    await launch(t.page);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'hang' });
    await tapService(t);
    const modal = dialog(t);
    await t.page.getByTestId('request-loading').waitFor();
    await t.page.clock.runFor(15_000);
    await modal.getByText(TIMEOUT_TITLE).waitFor();
    expect(await modal.getByText(TIMEOUT_CONTENT).isVisible()).toBe(true);
    expect(await modal.locator('.adm-dialog-button').allTextContents()).toEqual([MODAL_CONFIRM]);
    expect(await t.page.getByTestId('request-loading').count()).toBe(0);
    await screenshotState(t.page, 'timeout-modal');
    await modal.getByText(MODAL_CONFIRM).click();
    await modal.waitFor({ state: 'hidden' });
    await suite.server.clearFaults();
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("an undecodable answer: '溫馨提示' with '數據驗證不通過'", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'undecodable' });
    await tapService(t);
    const modal = dialog(t);
    await modal.getByText(DATA_INVALID).waitFor();
    expect(await modal.getByText(MODAL_WARM_TITLE).isVisible()).toBe(true);
    expect(await modal.locator('.adm-dialog-button').allTextContents()).toEqual([MODAL_CONFIRM]);
    await modal.getByText(MODAL_CONFIRM).click();
    await modal.waitFor({ state: 'hidden' });
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/loans/index');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("HTTP 502: '溫馨提示' with 'http狀態碼502'", async () => {
    const t = await suite.browser.newPage({ allowConsole: LOAD_FAILED });
    await launch(t.page);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'http', code: 502 });
    await tapService(t);
    await dialog(t).getByText(`${HTTP_STATUS_PREFIX}502`).waitFor();
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("HTTP 500: '數據異常，請重新登陸', and 確認 clears the session and goes to login", async () => {
    const t = await suite.browser.newPage({ allowConsole: LOAD_FAILED });
    await loggedIn(t);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'http', code: 500 });
    await tapService(t);
    const modal = dialog(t);
    await modal.getByText(DATA_ERROR_RELOGIN).waitFor();
    expect(await storageItem(t.page, 'token')).not.toBeNull();
    await modal.getByText(MODAL_CONFIRM).click();
    await t.page.waitForFunction(() => window.location.hash.startsWith('#/pages/login/index'));
    expect(await storageItem(t.page, 'token')).toBeNull();
    expect(await storageItem(t.page, 'loginInfo')).toBeNull();
    expect(await storageItem(t.page, 'applyInfo')).toBeNull();
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('envelope status 0: rethrown without any modal or toast', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'envelope', status: 0, message: 'silent' });
    const answered = t.page.waitForResponse((r) => r.url().includes(CONFIG_ONE_PATH));
    await tapService(t);
    await answered;
    // The answer is handled once the loading indicator is gone.
    await t.page.getByTestId('request-loading').waitFor({ state: 'detached' });
    await t.page.waitForLoadState('networkidle');
    expect(await t.page.locator('.adm-dialog, .adm-toast-main, .service-popup-inner').count()).toBe(0);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("a refused connection: '訪問失敗…' with '複製網址', which copies the address and toasts '已複製'", async () => {
    const t = await suite.browser.newPage({ allowConsole: [/ERR_CONNECTION_REFUSED/, ...LOAD_FAILED] });
    await launch(t.page);
    await t.page.route(`**${CONFIG_ONE_PATH}**`, (route) => route.abort('connectionrefused'));
    await tapService(t);
    const modal = dialog(t);
    await modal.getByText(ACCESS_FAILED).waitFor();
    await screenshotState(t.page, 'access-failed');
    await modal.getByText(COPY_ADDRESS).click();
    await t.page.getByText(TOAST_COPIED).waitFor();
    expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe(t.page.url());
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('a campaign address stores urlData and sends its type as sourceChannel', async () => {
    const t = await suite.browser.newPage();
    await t.page.goto('/?type=fb_spring&utm_source=ad#/');
    await t.page.locator('.nav-bar').waitFor();
    // The server's view shows before the app runs (decision 0179): the launch is read once it owns the page.
    await waitForHydration(t.page, '.nav-bar');
    expect(JSON.parse((await storageItem(t.page, 'urlData')) ?? 'null')).toEqual({ type: 'fb_spring', utm_source: 'ad' });

    const sent = t.page.waitForRequest((r) => r.url().includes(CONFIG_ONE_PATH));
    await tapService(t);
    expect((await sent).headers()['sourcechannel']).toBe('fb_spring');
    await t.page.locator('.service-popup-inner').waitFor();

    // And the server saw it: the back action's tracking event carries the channel.
    await t.page.goto('/?type=fb_spring#/pages/login/index');
    await t.page.locator('.nav-bar .adm-nav-bar-back').click();
    await expect
      .poll(async () => (await suite.server.events(5)).find((e) => e.eventContent === '/pages/login/index')?.channel)
      .toBe('fb_spring');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('a launch address without non-empty parameters keeps no urlData and sends Organic', async () => {
    const t = await suite.browser.newPage();
    await t.page.goto('/?type=#/');
    await t.page.locator('.nav-bar').waitFor();
    // The server's view shows before the app runs (decision 0179): the launch is read once it owns the page.
    await waitForHydration(t.page, '.nav-bar');
    expect(await storageItem(t.page, 'urlData')).toBeNull();
    const sent = t.page.waitForRequest((r) => r.url().includes(CONFIG_ONE_PATH));
    await tapService(t);
    expect((await sent).headers()['sourcechannel']).toBe('Organic');
    t.assertNoConsoleErrors();
    await t.close();
  });
});
