import { describe, expect, it } from 'vitest';
import { launch } from '../support/app.ts';
import { VIEWPORT } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { TAB_APTITUDE, TAB_LOANS, TAB_ME, TAB_ORDERS } from '@app/contract/messages/app-shell.ts';

const suite = useE2ESuite();

const NORMAL = 'rgb(164, 184, 210)'; // #A4B8D2
const SELECTED = 'rgb(40, 134, 255)'; // #2886FF

describe('tab bar', () => {
  it('has the four tabs in order, 70px high, icons 60rpx wide, in the SPEC.md colours', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const items = t.page.locator('.tab-bar .adm-tab-bar-item');
    expect(await items.allTextContents()).toEqual([TAB_LOANS, TAB_ORDERS, TAB_ME, TAB_APTITUDE]);

    const bar = await t.page.locator('.tab-bar .adm-tab-bar-wrap').boundingBox();
    expect(bar?.height).toBe(70);

    // 60rpx of a 750rpx-wide screen.
    const icon = await t.page.locator('.tab-bar .tab-bar-icon').first().boundingBox();
    expect(icon?.width).toBeCloseTo((VIEWPORT.width * 60) / 750, 0);

    const colours = await items.evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).color));
    expect(colours).toEqual([SELECTED, NORMAL, NORMAL, NORMAL]);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('switches tabs: route, selected tab and colours follow', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const routes = ['/pages/order/index', '/pages/me/index', '/pages/aptitude', '/pages/loans/index'];
    const titles = [TAB_ORDERS, TAB_ME, TAB_APTITUDE, TAB_LOANS];
    for (const [i, route] of routes.entries()) {
      const title = titles[i] ?? '';
      await t.page.locator('.tab-bar .adm-tab-bar-item', { hasText: title }).click();
      await t.page.waitForFunction((r) => window.location.hash === `#${r}`, route);
      const active = t.page.locator('.tab-bar .adm-tab-bar-item-active');
      await expect.poll(() => active.textContent()).toBe(title);
      expect(await active.evaluate((n) => getComputedStyle(n).color)).toBe(SELECTED);
      expect(await t.page.locator('.tab-bar .adm-tab-bar-item-active').count()).toBe(1);
    }
    t.assertNoConsoleErrors();
    await t.close();
  });
});
