import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { ENDPOINTS, type Endpoint } from '@app/contract/endpoints.ts';
import { FACE_CAPTURE_CAMERA_UNAVAILABLE, FACE_GUIDE_START, FACE_GUIDE_TIPS } from '@app/contract/messages/face-pages.ts';
import { PATHS } from '@app/contract/paths.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { launch } from '../support/app.ts';
import type { TestPage } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode, storedJson, waitForRoute } from './accounts-helpers.ts';
import { shot } from './onboarding-helpers.ts';

/**
 * Step 5 in the browser against the real server and the real face models: a new user
 * whose steps 1-4 were saved through the API (the ID card front shows a face) reads the
 * selfie guide, takes the selfie through the file input (headless Chromium has no
 * camera, so the page offers the input), and 資質 then shows step 5 complete. The face
 * photos are cut from a sample image shipped inside @vladmandic/human.
 */
const MOBILE = '0987650505';
const suite = useE2ESuite();
let t: TestPage;

beforeAll(async () => {
  t = await suite.browser.newPage();
});

afterAll(async () => {
  await t?.close();
});

const require = createRequire(import.meta.url);
const SHEET = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'screenshot-facedetect.jpg');

/** Draws, in the page, the ID card front (portrait on the right) or a selfie of the woman at x=164 of the sheet. */
async function facePhoto(kind: 'card' | 'selfie'): Promise<Buffer> {
  const sheet = `data:image/jpeg;base64,${readFileSync(SHEET).toString('base64')}`;
  const dataUrl = await t.page.evaluate(
    async ({ src, which }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      const c = canvas.getContext('2d')!;
      if (which === 'card') {
        canvas.width = 856;
        canvas.height = 540;
        c.fillStyle = '#d6e8f0';
        c.fillRect(0, 0, 856, 540);
        c.fillStyle = '#555';
        for (const y of [150, 210, 270]) c.fillRect(40, y, 360, 18);
        c.drawImage(img, 164, 346, 150, 150, 620, 170, 190, 190);
      } else {
        canvas.width = 480;
        canvas.height = 480;
        c.fillStyle = '#888';
        c.fillRect(0, 0, 480, 480);
        c.drawImage(img, 164, 346, 150, 150, 120, 110, 240, 240);
      }
      return canvas.toDataURL('image/jpeg', 0.92);
    },
    { src: sheet, which: kind },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The logged-in page's session and wire key, to save steps 1-4 through the protocol. */
async function apiAsPage() {
  const token = (await storedJson(t.page, 'token')) as string;
  const { cipherKey } = await t.page.evaluate(() => (window as unknown as { __APP_CONFIG__: { cipherKey: string } }).__APP_CONFIG__);
  const cipher = createBrowserCipher(cipherKey);
  const baseUrl = suite.server.baseUrl;
  return {
    async call<E extends Endpoint>(endpoint: E, payload: unknown): Promise<unknown> {
      const request = encodeRequest(endpoint, payload, cipher, baseUrl, { token });
      const envelope = decodeEnvelope(await (await fetch(request.url, { method: request.method, headers: request.headers, body: request.body })).text(), cipher);
      if (envelope.status !== 200) throw new Error(`${endpoint.path}: ${envelope.status} ${envelope.message}`);
      return envelope.body;
    },
    async upload(bytes: Buffer): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      const envelope = decodeEnvelope(await (await fetch(`${baseUrl}${PATHS.uploadImage.path}`, { method: 'POST', body: form, headers: { token } })).text(), cipher);
      return (envelope.body as { key: string }).key;
    },
  };
}

describe('step 5 (face) in the browser', () => {
  it('a user with steps 1-4 done reads the guide, takes the selfie with the file input, and sees step 5 complete on 資質', async () => {
    const page = t.page;
    await launch(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, MOBILE);
    await waitForRoute(page, '/pages/loans/index');
    const api = await apiAsPage();
    await api.call(ENDPOINTS.userAuthSupplementUserInfo, {
      name: '林美華',
      gender: 'female',
      birthDate: '1990-05-12',
      idNumber: 'B223456782',
      maritalStatus: 'single',
      education: 'bachelor',
      occupation: 'employee',
      monthlyIncome: 42000,
      county: '臺北市',
      district: '大安區',
      address: '復興南路一段 1 號',
      email: 'lin@example.tw',
    });
    await api.call(ENDPOINTS.emergencyContactAdd, {
      contacts: [
        { name: '林媽媽', relationship: 'parent', mobile: '0911000111' },
        { name: '陳同事', relationship: 'colleague', mobile: '0922000222' },
      ],
      consent: true,
    });
    const frontKey = await api.upload(await facePhoto('card'));
    await api.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey });
    await api.call(ENDPOINTS.bindCardBind, { bankCode: '004', branchCode: '0040037', accountNumber: '12345678901234', holderName: '林美華' });

    // A fresh load, so 資質 reads the steps saved outside the page.
    await launch(page, '/pages/aptitude');
    const faceItem = page.getByTestId('aptitude-face');
    await faceItem.waitFor();
    expect(await faceItem.getAttribute('data-done')).toBe('false');
    await faceItem.click();
    await waitForRoute(page, '/pages/me/faceDome');
    for (const tip of FACE_GUIDE_TIPS) await page.getByText(tip).waitFor();
    await shot(page, 'face-guide');
    await page.getByRole('button', { name: FACE_GUIDE_START }).click();
    await waitForRoute(page, '/pages/me/face');
    await page.getByText(FACE_CAPTURE_CAMERA_UNAVAILABLE).waitFor();
    await shot(page, 'face-capture');

    await page.getByTestId('selfie-input').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await facePhoto('selfie') });
    await waitForRoute(page, '/pages/aptitude');
    await expect.poll(() => page.getByTestId('aptitude-face').getAttribute('data-done'), { timeout: 30_000 }).toBe('true');
    await shot(page, 'face-done');
    t.assertNoConsoleErrors();
  });
});
