import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from '../support/browser.ts';

/** Saves a screenshot once toasts have gone (toasts are checked by the tests themselves). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' }).catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `onboarding-${name}.png`) });
}

/** The antd-mobile form row of a label (the row is what opens a picker). */
export function formRows(page: Page, label: string): Locator {
  return page.locator('.adm-form-item').filter({ has: page.locator('.adm-form-item-label', { hasText: label }) });
}

export function formRow(page: Page, label: string): Locator {
  return formRows(page, label).first();
}

/** The picker popup now open. */
export function openPicker(page: Page): Locator {
  return page.locator('.adm-picker').filter({ visible: true });
}

/** Opens the picker of a row and confirms its first choice (or the one named). */
export async function pick(page: Page, row: Locator, choice?: string): Promise<void> {
  await row.click();
  const picker = openPicker(page);
  await picker.waitFor();
  if (choice) {
    await picker.locator('.adm-picker-view-column-item', { hasText: choice }).first().click();
    await page.waitForTimeout(400);
  } else {
    // Let the wheel settle on its first choice before confirming.
    await page.waitForTimeout(300);
  }
  await picker.locator('.adm-picker-header-button', { hasText: '確定' }).click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * A photo-like JPEG drawn by the browser: an ID-card-sized card with large text, what a
 * phone camera would give (before the app compresses it).
 */
export async function cardJpeg(page: Page, label: string, width = 1800, height = 1136): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ text, w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const c = canvas.getContext('2d');
      if (!c) throw new Error('no 2d context');
      const gradient = c.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#dfe9f5');
      gradient.addColorStop(1, '#f7efe2');
      c.fillStyle = gradient;
      c.fillRect(0, 0, w, h);
      c.fillStyle = '#1f2d3d';
      c.font = `bold ${Math.round(h / 9)}px sans-serif`;
      c.fillText(text, w * 0.08, h * 0.25);
      c.font = `${Math.round(h / 14)}px sans-serif`;
      c.fillText('姓名 王小明', w * 0.08, h * 0.45);
      c.fillText('出生 民國 80 年 1 月 1 日', w * 0.08, h * 0.6);
      c.fillText('A123456789', w * 0.08, h * 0.85);
      return canvas.toDataURL('image/jpeg', 0.92);
    },
    { text: label, w: width, h: height },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * Random pixels at 1600 × 1600 (the app's largest side, so nothing is scaled): JPEG
 * cannot squeeze noise, so even at the lowest quality it stays above 1 MB.
 */
export async function noisePng(page: Page, side = 1600): Promise<Buffer> {
  const dataUrl = await page.evaluate((s) => {
    const canvas = document.createElement('canvas');
    canvas.width = s;
    canvas.height = s;
    const c = canvas.getContext('2d');
    if (!c) throw new Error('no 2d context');
    const pixels = c.createImageData(s, s);
    for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
    c.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png');
  }, side);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Taps a photo frame's button and hands the file chooser one image. */
export async function choosePhoto(page: Page, frame: Locator, button: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), frame.getByRole('button', { name: button }).click()]);
  await chooser.setFiles([file]);
}
