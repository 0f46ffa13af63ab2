import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Checks a borrower's page must pass wherever it is: the floating service button covers
 * no control, screen readers hear Traditional Chinese, and the page's own text.
 */
export const SERVICE_BUTTON = '.service-bubble .adm-floating-bubble-button';
export const SIMPLIFIED_LABELS = ['当前选择的是', '当前未选择', '选择上一项', '选择下一项', '没有上一项', '没有下一项', '背景蒙层'];

/** The service button's box once it has stopped moving (it glides to its dock). */
export async function restingBox(page: Page) {
  await page.locator(SERVICE_BUTTON).waitFor();
  return page.evaluate(async (selector) => {
    let last = '';
    let still = 0;
    for (let frame = 0; frame < 600; frame += 1) {
      await new Promise(requestAnimationFrame);
      const { x, y, width, height } = document.querySelector(selector)!.getBoundingClientRect();
      const box = JSON.stringify({ x, y, width, height });
      still = box === last ? still + 1 : 0;
      last = box;
      if (still >= 10) return { x, y, width, height };
    }
    throw new Error(`the service button did not come to rest: ${last}`);
  }, SERVICE_BUTTON);
}

/**
 * Every control whose visible part meets the service button's box, at the top, the
 * middle and the bottom of the page. Content scrolled under the sticky navigation bar or
 * the fixed tab bar is hidden by them, so only what shows counts.
 */
export async function controlsUnderServiceButton(page: Page): Promise<string[]> {
  return page.evaluate(async (selector) => {
    const CONTROLS =
      'button, input, textarea, select, a, [role="button"], [role="checkbox"], [role="tab"], .adm-list-item, .adm-selector-item, .adm-checkbox';
    const found = new Set<string>();
    const scrollable = document.scrollingElement ?? document.documentElement;
    const bottom = scrollable.scrollHeight - window.innerHeight;
    for (const top of [0, bottom / 2, bottom]) {
      window.scrollTo(0, top);
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      const button = document.querySelector(selector)!.getBoundingClientRect();
      const navBottom = document.querySelector('.nav-bar')?.getBoundingClientRect().bottom ?? 0;
      const tabTop = document.querySelector('.tab-bar')?.getBoundingClientRect().top ?? window.innerHeight;
      for (const element of document.querySelectorAll(CONTROLS)) {
        if (element.closest('.service-bubble')) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
        const inNav = element.closest('.nav-bar') !== null;
        const inTabs = element.closest('.tab-bar') !== null;
        const visibleTop = inNav || inTabs ? box.top : Math.max(box.top, navBottom);
        const visibleBottom = inNav || inTabs ? box.bottom : Math.min(box.bottom, tabTop);
        if (visibleBottom <= visibleTop) continue;
        const meets = box.left < button.right && box.right > button.left && visibleTop < button.bottom && visibleBottom > button.top;
        if (meets)
          found.add(
            `${element.tagName.toLowerCase()}.${element.className} 「${(element.textContent ?? '').trim().slice(0, 20)}」 at scroll ${Math.round(top)}`,
          );
      }
    }
    window.scrollTo(0, 0);
    return [...found];
  }, SERVICE_BUTTON);
}

export async function expectNoSimplifiedLabels(page: Page, where: string): Promise<void> {
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  for (const label of SIMPLIFIED_LABELS) expect(html.includes(label), `${label} on ${where}`).toBe(false);
}

export const pageText = (page: Page) => page.evaluate(() => document.body.innerText);
