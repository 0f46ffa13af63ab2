import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launch } from '../support/app.ts';
import { useE2ESuite } from '../support/suite.ts';

/**
 * The picking helpers (SPEC.md section 5) run here in the real Chromium, bundled straight
 * from their source: no page uses them yet (the ID-card and face steps will), and a file
 * chooser only opens from a real tap, which Playwright gives.
 */
const SOURCE = fileURLToPath(new URL('../../apps/web/src/shared/files/pick-files.ts', import.meta.url));

/** A 1x1 PNG and a 2x3 PNG: the picker reports each image's own size. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PNG_2X3 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR4nGP4z8AARAwoFABE0AX7pM/egAAAAABJRU5ErkJggg==',
  'base64',
);

/** A photo-like PNG drawn by the browser: random pixels do not compress, JPEG at 1600 px does. */
async function noisyPng(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ w, h }) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const pixels = context.createImageData(w, h);
      for (let i = 0; i < pixels.data.length; i += 1) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
      context.putImageData(pixels, 0, 0);
      return canvas.toDataURL('image/png');
    },
    { w: width, h: height },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const suite = useE2ESuite();
let bundle: string;

beforeAll(async () => {
  const result = await build({
    entryPoints: [SOURCE],
    bundle: true,
    format: 'iife',
    globalName: 'PickFiles',
    platform: 'browser',
    write: false,
    outdir: 'out',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  if (!js) throw new Error('no bundle');
  bundle = js.text;
});

/**
 * Adds a button whose tap runs `call` (a user gesture, as file pickers need). The bundle
 * and the call are injected code, which the app's CSP refuses: these pages bypass it.
 */
async function pickerButton(page: Page, call: string): Promise<void> {
  await page.addScriptTag({ content: bundle });
  await page.evaluate((code) => {
    const button = document.createElement('button');
    button.id = 'pick';
    button.textContent = 'pick';
    button.style.cssText = 'position:fixed;top:0;left:0;z-index:99999';
    button.onclick = () => {
      (window as unknown as { picked: Promise<unknown> }).picked = new Function(`return ${code}`)() as Promise<unknown>;
    };
    document.body.appendChild(button);
  }, call);
}

async function picked<T>(page: Page): Promise<T> {
  return page.evaluate(() => (window as unknown as { picked: Promise<T> }).picked);
}

describe('image and video picking', () => {
  it("picks up to the count from the camera only, original size, with each file's own dimensions", async () => {
    const t = await suite.browser.newPage({ bypassCSP: true });
    await launch(t.page);
    await pickerButton(
      t.page,
      "PickFiles.pickImages({ count: 2, sourceType: ['camera'], sizeType: ['original'] }).then((files) => files.map((f) => ({ name: f.name, size: f.size, width: f.width, height: f.height, blob: f.path.startsWith('blob:') })))",
    );
    const [chooser] = await Promise.all([t.page.waitForEvent('filechooser'), t.page.click('#pick')]);
    expect(chooser.isMultiple()).toBe(true);
    expect(await chooser.element().getAttribute('accept')).toBe('image/*');
    expect(await chooser.element().getAttribute('capture')).toBe('environment');
    await chooser.setFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: PNG_1X1 },
      { name: 'b.png', mimeType: 'image/png', buffer: PNG_2X3 },
      { name: 'c.png', mimeType: 'image/png', buffer: PNG_1X1 },
    ]);
    expect(await picked(t.page)).toEqual([
      { name: 'a.png', size: PNG_1X1.length, width: 1, height: 1, blob: true },
      { name: 'b.png', size: PNG_2X3.length, width: 2, height: 3, blob: true },
    ]);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('offers album and camera (no capture) by default, nine at most', async () => {
    const t = await suite.browser.newPage({ bypassCSP: true });
    await launch(t.page);
    await pickerButton(t.page, 'PickFiles.pickImages().then((files) => files.length)');
    const [chooser] = await Promise.all([t.page.waitForEvent('filechooser'), t.page.click('#pick')]);
    expect(chooser.isMultiple()).toBe(true);
    expect(await chooser.element().getAttribute('capture')).toBeNull();
    await chooser.setFiles(Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.png`, mimeType: 'image/png', buffer: PNG_1X1 })));
    expect(await picked(t.page)).toBe(9);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('compresses on the device when asked: JPEG, longest side 1600 px, smaller than the original', async () => {
    const t = await suite.browser.newPage({ bypassCSP: true });
    await launch(t.page);
    const photo = await noisyPng(t.page, 2000, 1000);
    await pickerButton(
      t.page,
      "PickFiles.pickImages({ count: 1, sizeType: ['compressed'] }).then((files) => files.map((f) => ({ name: f.name, type: f.file.type, size: f.size, width: f.width, height: f.height })))",
    );
    const [chooser] = await Promise.all([t.page.waitForEvent('filechooser'), t.page.click('#pick')]);
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles([{ name: 'id-front.png', mimeType: 'image/png', buffer: photo }]);
    const [file] = await picked<Array<{ name: string; type: string; size: number; width: number; height: number }>>(t.page);
    expect(file).toMatchObject({ name: 'id-front.jpg', type: 'image/jpeg', width: 1600, height: 800 });
    expect(file?.size).toBeLessThan(photo.length);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('films one video with the back camera, and a cancelled pick gives nothing', async () => {
    const t = await suite.browser.newPage({ bypassCSP: true });
    await launch(t.page);
    await pickerButton(t.page, "PickFiles.pickVideo({ sourceType: ['camera'] })");
    const [chooser] = await Promise.all([t.page.waitForEvent('filechooser'), t.page.click('#pick')]);
    expect(chooser.isMultiple()).toBe(false);
    expect(await chooser.element().getAttribute('accept')).toBe('video/*');
    expect(await chooser.element().getAttribute('capture')).toBe('environment');
    await chooser.setFiles([]);
    expect(await picked(t.page)).toBeNull();
    t.assertNoConsoleErrors();
    await t.close();
  });
});
