import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { launch, goTo, setToken, storageItem, waitForHydration } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { ONBOARDING_STEPS, TAB_APTITUDE, TAB_ME, TAB_ORDERS } from '@app/contract/messages/app-shell.ts';
import { ORDER_DETAIL_NO_ORDER, ORDER_LIST_LOGIN_PROMPT } from '@app/contract/messages/order-pages.ts';

/** Every route of SPEC.md section 2 ('/' is the loans page). */
const ROUTES = [
  '/',
  '/pages/loans/index',
  '/pages/order/index',
  '/pages/me/index',
  '/pages/aptitude',
  '/pages/index/index',
  '/pages/loans/applyFor',
  '/pages/loans/productList',
  '/pages/loans/sign',
  '/pages/loans/signature',
  '/pages/loans/success',
  '/pages/login/index',
  '/pages/login/moduleB',
  '/pages/order/detail',
  '/pages/order/pay',
  '/pages/order/contract',
  '/pages/order/webView',
  '/pages/agreement',
  '/pages/me/agreement',
  '/pages/me/face',
  '/pages/me/faceDome',
  '/pages/me/idCard',
  '/pages/me/userInfo',
  '/pages/me/bankInfo',
  '/pages/me/bankList',
  '/pages/me/bankSelect',
  '/pages/me/addBank',
  '/pages/me/contact',
  '/choose-location',
  '/open-location',
];

const PRODUCT_NAME = '小安貸';

const suite = useE2ESuite();

function screenshotName(route: string): string {
  return route === '/' ? 'root.png' : `${route.replace(/^\//, '').replace(/\//g, '_')}.png`;
}

describe('routes', () => {
  it('renders every route with a nav bar, the right document title, no console error, and saves a screenshot', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    for (const route of ROUTES) {
      await goTo(t.page, route);
      const expectedRoute = route === '/pages/index/index' ? '/pages/loans/index' : route;
      await t.page.waitForFunction((r) => window.location.hash.startsWith(`#${r}`), expectedRoute);
      await t.page.locator('.nav-bar').first().waitFor({ state: 'visible' });
      await t.page.waitForLoadState('networkidle');
      const title = await t.page.title();
      expect(title, route).toBe(route === '/pages/me/bankSelect' ? '' : PRODUCT_NAME);
      await t.page.screenshot({ path: path.join(SCREENSHOT_DIR, screenshotName(route)) });
    }
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('disables pull-to-refresh and overscroll on the document and page bodies', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const behaviours = await t.page.evaluate(() =>
      [document.documentElement, document.body, document.getElementById('root'), document.querySelector('.page-body')].map((node) =>
        node ? getComputedStyle(node).overscrollBehaviorY : 'missing',
      ),
    );
    expect(behaviours).toEqual(['none', 'none', 'none', 'none']);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows the tab pages' titles and '/' as the loans page", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page, '/');
    await expect.poll(() => t.page.locator('.nav-bar-title').textContent()).toBe(PRODUCT_NAME);
    expect(await t.page.locator('.adm-tab-bar-item-active').textContent()).toContain('貸款');
    for (const [route, title] of [
      ['/pages/order/index', TAB_ORDERS],
      ['/pages/aptitude', TAB_APTITUDE],
    ] as const) {
      await goTo(t.page, route);
      await expect.poll(() => t.page.locator('.nav-bar-title').first().textContent()).toBe(title);
    }
    await goTo(t.page, '/pages/me/index');
    await expect.poll(() => t.page.locator('.adm-tab-bar-item-active').textContent()).toContain(TAB_ME);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows a visitor the order pages' login prompt, and onboarding pages with the five steps", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await goTo(t.page, '/pages/order/detail');
    await t.page.getByText(ORDER_LIST_LOGIN_PROMPT).waitFor();
    await goTo(t.page, '/pages/me/idCard');
    const steps = t.page.locator('.step-indicator .adm-step-title');
    await expect.poll(() => steps.allTextContents()).toEqual([...ONBOARDING_STEPS]);
    expect(await t.page.locator('.step-number[aria-current="step"]').textContent()).toBe('3');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('launches without a token on the loans tab, whatever the address, except the login pages', async () => {
    const t = await suite.browser.newPage();
    await t.page.goto('/#/pages/order/detail');
    await t.page.waitForFunction(() => window.location.hash === '#/pages/loans/index');
    expect(await storageItem(t.page, 'url')).toBe(JSON.stringify(`${suite.server.baseUrl}/#/pages/order/detail`));

    await t.page.goto('/#/pages/login/index');
    await t.page.locator('.nav-bar').first().waitFor();
    await waitForHydration(t.page, '.nav-bar');
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/login/index');

    // An ad link to the campaign landing is a login page too: it must not be redirected.
    await t.page.goto('/?type=fb#/pages/login/moduleB');
    await t.page.locator('.nav-bar').first().waitFor();
    await waitForHydration(t.page, '.nav-bar');
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/login/moduleB');

    await setToken(t.page);
    await t.page.goto('/#/pages/order/detail');
    await t.page.getByText(ORDER_DETAIL_NO_ORDER).waitFor();
    expect(await t.page.evaluate(() => window.location.hash)).toBe('#/pages/order/detail');
    t.assertNoConsoleErrors();
    await t.close();
  });
});
