import { describe, expect, it } from 'vitest';
import { goTo, launch, storageItem } from '../support/app.ts';
import { screenshotState, VIEWPORT, type TestPage } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { SERVICE_BUTTON, SERVICE_LINE_ID, SERVICE_LINE_LINK, TOAST_COPIED } from '@app/contract/messages/app-shell.ts';

const CONFIG_ONE_PATH = '/api/v3/common/config/one';
const SERVICE_SIZE = 44;
/** Its gap to the column's right edge (service-button.tsx). */
const DOCK_RIGHT_MARGIN = 4;
const BUTTON = '.service-bubble .adm-floating-bubble-button';
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const suite = useE2ESuite();

/**
 * The button's box once it has come to rest: the same over ten animation frames. It
 * follows the pointer with a spring that keeps moving for about half a second after the
 * drag, under a pixel at the end, so two quick reads can fall in one frame and agree
 * while it still moves.
 */
async function restingBox(t: TestPage) {
  return t.page.evaluate(async (selector) => {
    const deadline = performance.now() + 5000;
    let last = '';
    let stillFrames = 0;
    while (performance.now() < deadline) {
      await new Promise(requestAnimationFrame);
      const element = document.querySelector(selector);
      if (!element) {
        stillFrames = 0;
        continue;
      }
      const { x, y, width, height } = element.getBoundingClientRect();
      const box = JSON.stringify({ x, y, width, height });
      stillFrames = box === last ? stillFrames + 1 : 0;
      last = box;
      if (stillFrames >= 10) return { x, y, width, height };
    }
    throw new Error(`the service button did not come to rest: ${last}`);
  }, BUTTON);
}

async function openPopup(t: TestPage) {
  await t.page.getByTestId('service-button').click();
  const popup = t.page.locator('.service-popup-inner');
  await popup.waitFor();
  return popup;
}

describe('customer-service button', () => {
  it("opens from the me page's 聯絡客服 menu item too", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await goTo(t.page, '/pages/me/index');
    await t.page.locator('.adm-list-item', { hasText: SERVICE_BUTTON }).click();
    const popup = t.page.locator('.service-popup-inner');
    await popup.getByText('@xiaoandai').first().waitFor();
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("rests in the navigation bar's right end: 44 px, inside the bar, at the column's edge", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const resting = await restingBox(t);
    const nav = await t.page.locator('.nav-bar').first().boundingBox();
    expect(resting.width).toBe(SERVICE_SIZE);
    expect(resting.y).toBeGreaterThanOrEqual(nav?.y ?? 0);
    expect(resting.y + resting.height).toBeLessThanOrEqual((nav?.y ?? 0) + (nav?.height ?? 0));
    expect(VIEWPORT.width - (resting.x + resting.width)).toBe(DOCK_RIGHT_MARGIN);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('can be dragged; let go, it glides back to its dock, which is what is saved and kept after a reload', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const start = await restingBox(t);
    await t.page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await t.page.mouse.down();
    // Touched, it stays under the finger (it once sprang toward the area's far corner, the first visit's position).
    expect(await restingBox(t)).toEqual(start);
    await t.page.mouse.move(120, 300, { steps: 12 });
    // While the finger is down it follows (its spring may take a moment on a loaded machine).
    await expect
      .poll(async () => {
        const held = await t.page.locator(BUTTON).boundingBox();
        return Math.abs((held?.y ?? 0) + (held?.height ?? 0) / 2 - 300);
      })
      .toBeLessThan(40);
    await t.page.mouse.up();

    const dropped = await restingBox(t);
    expect(dropped).toEqual(start);
    // Saved 300 ms after the last move, in the drag area's coordinates (the column).
    await expect.poll(async () => JSON.parse((await storageItem(t.page, 'servicePosition')) ?? 'null')).toEqual({ x: start.x, y: start.y });

    await t.page.reload();
    await t.page.locator(BUTTON).waitFor();
    expect(await restingBox(t)).toEqual(start);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('opens the LINE popup: QR generated from the link, id and link copy to the clipboard with 已複製', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const popup = await openPopup(t);
    const qr = popup.getByTestId('service-qr').locator('svg, img').first();
    expect(await qr.isVisible()).toBe(true);
    const qrBox = await qr.boundingBox();
    expect(qrBox?.width).toBeGreaterThan(100);
    await t.page.waitForTimeout(400); // let the popup's slide-in finish for the screenshot
    await screenshotState(t.page, 'service-popup');

    const lineId = await popup.getByTestId(`service-${SERVICE_LINE_ID}`).textContent();
    expect(lineId).toBe('@xiaoandai');
    await popup.getByRole('button', { name: `複製 ${SERVICE_LINE_ID}` }).click();
    await t.page.getByText(TOAST_COPIED).waitFor();
    expect(await t.page.evaluate(() => navigator.clipboard.readText())).toBe('@xiaoandai');

    const link = await popup.getByTestId(`service-${SERVICE_LINE_LINK}`).textContent();
    expect(link).toMatch(/^https?:\/\//);
    await popup.getByRole('button', { name: `複製 ${SERVICE_LINE_LINK}` }).click();
    await expect.poll(() => t.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows the operator's QR image when line_img is set, instead of generating one", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    const image = `data:image/png;base64,${PNG_1X1}`;
    await suite.server.setFault(CONFIG_ONE_PATH, {
      kind: 'envelope',
      status: 200,
      message: '',
      body: {
        configKey: 'line',
        configValue: '@op',
        extInfoJSON: { line_img: image, line: '@op', line_url: 'https://line.me/R/ti/p/@op' },
      },
    });
    const popup = await openPopup(t);
    const qr = popup.getByTestId('service-qr');
    expect(await qr.locator('img').getAttribute('src')).toBe(image);
    expect(await qr.locator('svg').count()).toBe(0);
    expect(await popup.getByTestId(`service-${SERVICE_LINE_ID}`).textContent()).toBe('@op');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('closes with its close icon and with a tap outside', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    let popup = await openPopup(t);
    await t.page.locator('.service-popup .adm-popup-close-icon').click();
    await popup.waitFor({ state: 'hidden' });

    popup = await openPopup(t);
    await t.page.mouse.click(VIEWPORT.width / 2, 40);
    await popup.waitFor({ state: 'hidden' });
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows a non-200 answer's message as an error toast, and no popup", async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await suite.server.setFault(CONFIG_ONE_PATH, { kind: 'envelope', status: 500, message: '客服設定暫時無法讀取' });
    await t.page.getByTestId('service-button').click();
    await t.page.getByText('客服設定暫時無法讀取').waitFor();
    expect(await t.page.locator('.service-popup-inner').count()).toBe(0);
    t.assertNoConsoleErrors();
    await t.close();
  });
});
