import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from '../support/browser.ts';

/** Saves a screenshot once toasts have gone (toasts are checked by the tests themselves). */
export async function shot(page: Page, name: string): Promise<void> {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
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
export async function choosePhoto(
  page: Page,
  frame: Locator,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), frame.getByRole('button', { name: button }).click()]);
  await chooser.setFiles([file]);
}

/** A card-sized photo with nothing on it to read (a blurred, washed-out shot). */
export async function blankCardJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 760;
    const c = canvas.getContext('2d');
    if (!c) throw new Error('no 2d context');
    const gradient = c.createRadialGradient(600, 380, 50, 600, 380, 700);
    gradient.addColorStop(0, '#f4f1ea');
    gradient.addColorStop(1, '#b9c3cc');
    c.fillStyle = gradient;
    c.fillRect(0, 0, 1200, 760);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Opens an ROC date field's wheel and confirms what it shows. */
export async function pickRocDate(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).click();
  const picker = openPicker(page);
  await picker.waitFor();
  await page.waitForTimeout(300);
  await picker.locator('.adm-picker-header-button', { hasText: '確定' }).click();
  await picker.waitFor({ state: 'hidden' });
}

/** The branch search list: types `search`, taps the branch with `code`, checks the row shows it. */
export async function chooseBranch(page: Page, search: string, code: string, screenshot?: string): Promise<void> {
  await page.getByTestId('branch-field').click();
  const popup = page.getByRole('dialog', { name: '開戶分行' });
  await popup.waitFor();
  await popup.locator('input').fill(search);
  if (screenshot) {
    await popup.getByTestId(`branch-${code}`).waitFor();
    await page.waitForTimeout(400);
    await shot(page, screenshot);
  }
  await popup.getByTestId(`branch-${code}`).click();
  await popup.waitFor({ state: 'hidden' });
  await page.getByTestId('branch-field').getByText(code).waitFor();
}

/** An ID card front as a phone photographs it, with the labels the reader looks for, drawn in the page. */
export async function idCardFrontJpeg(
  page: Page,
  card: {
    name: string;
    idNumber: string;
    rocBirth: string;
    gender: string;
    rocIssue: string;
    portrait?: { src: string; x: number; y: number; size: number };
  },
): Promise<Buffer> {
  const dataUrl = await page.evaluate(async (c) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 630;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#e3eef0';
    g.fillRect(0, 0, 1000, 630);
    g.fillStyle = '#1f2a30';
    g.font = 'bold 44px "Noto Serif CJK TC"';
    g.fillText('中華民國國民身分證', 250, 78);
    g.font = '30px "Noto Sans CJK TC"';
    g.fillText('姓\u3000名', 40, 170);
    g.font = 'bold 52px "Noto Sans CJK TC"';
    g.fillText(c.name, 160, 175);
    g.font = '30px "Noto Sans CJK TC"';
    g.fillText('出\u3000生', 40, 250);
    g.fillText('年月日', 40, 285);
    g.fillText(c.rocBirth, 160, 268);
    g.fillText('性\u3000別', 40, 350);
    g.fillText(c.gender, 160, 350);
    g.font = '28px "Noto Sans CJK TC"';
    g.fillText(`發證日期\u3000${c.rocIssue}`, 40, 440);
    g.fillStyle = '#c9d3d8';
    g.fillRect(690, 120, 260, 320);
    if (c.portrait) {
      // The holder's face in the photo box (a face the face models know, for the selfie to match).
      const img = new Image();
      img.src = c.portrait.src;
      await img.decode();
      g.drawImage(img, c.portrait.x, c.portrait.y, c.portrait.size, c.portrait.size, 700, 150, 240, 240);
    }
    g.fillStyle = '#b3202a';
    g.font = '30px "Noto Sans CJK TC"';
    g.fillText('統一編號', 470, 560);
    g.font = 'bold 46px "Noto Sans CJK TC"';
    g.fillText(c.idNumber, 610, 565);
    return canvas.toDataURL('image/jpeg', 0.92);
  }, card);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Every element of `targets` is a tap target of at least 44 × 44 CSS px. */
export async function tapTargetSizes(targets: Locator): Promise<Array<{ text: string; width: number; height: number }>> {
  return targets.evaluateAll((nodes) =>
    nodes.map((n) => {
      const box = n.getBoundingClientRect();
      return { text: (n.textContent ?? '').trim(), width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );
}
