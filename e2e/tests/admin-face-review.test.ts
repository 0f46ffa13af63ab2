import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACE_REVIEW_STILL_ALT, FACE_REVIEW_TITLE } from '@app/contract/admin/admin-face-review-messages.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { HOME_POPUP_CLOSE } from '@app/contract/messages/loan-home.ts';
import { FACE_CAPTURE_NOT_DONE } from '@app/contract/messages/face-check.ts';
import type { TFaceDetectionResponse } from '@app/contract/schemas/face-check.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import { launch } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { FAST_JOBS_ENV } from '../support/server.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { createOperator, onboardWithCardDifference, submittedApplication, totpCode } from './admin-helpers.ts';
import { apiAsPage, facePhoto, passFaceCheck, randomMobile, randomNationalId } from './borrower-helpers.ts';

/**
 * A reviewer looks at the face check of an application the engine left to staff, at
 * 1440x900 in real Chromium: the borrower went through the face step by the real models
 * (a capture of turning the head, frames uploaded as the web app sends them); the review's
 * 人臉辨識紀錄 shows the attempt's challenge, verdict and scores beside their thresholds,
 * its still photo and the capture's frames in order as thumbnails that load from the API
 * and enlarge.
 */

const suite = useE2ESuite({ env: FAST_JOBS_ENV });
let reviewerEnrolment = '';
beforeAll(async () => {
  reviewerEnrolment = await createOperator(suite.server, 'rosa', 'reviewer');
});

const DESKTOP = { width: 1440, height: 900 };
/** A cell of the facematch row that the passing capture does not use (its frames are never sent twice). */
const STILL_CELL = 3;
let offsetMs = 0;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}.png`) });
}

/** The enrolment link's page, then sign-in with the authenticator's next code. */
async function enrolAndSignIn(page: Page, enrolmentPath: string, username: string, password: string): Promise<void> {
  await page.goto(enrolmentPath);
  const secret = (await page.getByTestId('totp-secret').textContent({ timeout: 20_000 }))?.trim() ?? '';
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByLabel('再次輸入密碼').fill(password);
  await page.getByLabel('驗證碼').fill(totpCode(secret, offsetMs));
  await page.getByRole('button', { name: '完成啟用' }).click();
  await page.getByRole('button', { name: '我已保存備用碼，前往登入' }).click();
  offsetMs += 30_000;
  await suite.server.setClockOffset(offsetMs);
  await page.getByLabel('帳號').fill(username);
  await page.getByLabel('密碼').fill(password);
  await page.getByLabel('驗證碼').fill(totpCode(secret, offsetMs));
  await page.getByRole('button', { name: '登入' }).click();
  await page.getByRole('menu', { name: '主選單' }).waitFor();
}

describe("the review page's face attempts", () => {
  it('shows the reviewer each attempt (challenge, nonce, verdict, scores with thresholds; a passed one and one refused as a still) with its still and frames in capture order, loaded and enlarged', async () => {
    const { baseUrl } = suite.server;
    const borrower = await suite.browser.newPage();
    await launch(borrower.page, '/pages/login/index');
    await loginWithCode(borrower.page, baseUrl, randomMobile());
    await waitForRoute(borrower.page, '/pages/loans/index');
    await borrower.page.getByRole('button', { name: HOME_POPUP_CLOSE }).click({ timeout: 15_000 });
    const api = await apiAsPage(borrower.page, baseUrl);
    await onboardWithCardDifference(api, borrower.page, { name: '張雅婷', idNumber: randomNationalId() }, passFaceCheck);
    // Then one more attempt refused: a still photo sent as every frame of the capture (no motion).
    const stillKey = await api.upload(await facePhoto(borrower.page, 'selfie', undefined, STILL_CELL));
    const detected = (await api.call(ENDPOINTS.userAuthDetection, { imageKey: stillKey })) as TFaceDetectionResponse;
    const frames: Array<{ key: string; t: number }> = [];
    for (let i = 0; i < 6; i++)
      frames.push({ key: await api.upload(await facePhoto(borrower.page, 'selfie', undefined, STILL_CELL)), t: i * 400 });
    await expect(api.call(ENDPOINTS.userAuthSilence, { imageKey: stillKey, nonce: detected.nonce, frames })).rejects.toThrow(
      FACE_CAPTURE_NOT_DONE,
    );
    const orderId = await submittedApplication(api, borrower.page);
    const awaiting = async () => ((await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse).order.awaitingStaff;
    await expect.poll(awaiting, { timeout: 30_000, interval: 300 }).toBe(true);
    await borrower.close();

    const reviewer = await suite.browser.newPage({ allowConsole: [/status of 401/] });
    await reviewer.page.setViewportSize(DESKTOP);
    await enrolAndSignIn(reviewer.page, reviewerEnrolment, 'rosa', 'lantern-harbour-face-7');
    await reviewer.page.getByRole('menuitem', { name: '審核佇列' }).click();
    const row = reviewer.page.getByRole('row').filter({ hasText: '張*婷' });
    await row.getByRole('button', { name: '審核' }).click();
    const drawer = reviewer.page.getByRole('dialog');
    const section = drawer.getByRole('region', { name: FACE_REVIEW_TITLE });
    await section.getByText('第 1 次').waitFor({ timeout: 20_000 });

    // Each attempt a row, its thumbnails in the row under it (the table's expanded row).
    const attemptRow = (n: number) => section.locator('tr.ant-table-row').nth(n - 1);
    const stripOf = (n: number) => section.locator('tr.ant-table-expanded-row').nth(n - 1);

    // The passed attempt: the challenge in words, the nonce used by the capture, the verdict, the scores with thresholds.
    const passed = attemptRow(1);
    await passed.getByText(/^向(左|右)轉頭$/).waitFor();
    await passed.getByText('驗證碼已使用').waitFor();
    await passed.getByText('通過', { exact: true }).waitFor();
    await expect
      .poll(() => passed.getByTestId('face-score-similarity').textContent())
      .toMatch(/與證件照相似度 \d\.\d\d（門檻 ≥ \d\.\d\d）/);
    await expect.poll(() => passed.getByTestId('face-score-planarResidual').textContent()).toMatch(/（門檻 ≥ 0\.030）/);

    // The refused attempt: its rule in words, no turn measured, marked against the threshold.
    const refused = attemptRow(2);
    await refused.getByText('第 2 次').waitFor();
    await refused.getByText('未通過', { exact: true }).waitFor();
    await refused.getByText('畫面靜止不動（疑似照片）').waitFor();
    await refused.getByText('驗證碼已使用').waitFor();

    // The frames of each capture in capture order (0.0, 0.4, 0.8 … seconds), each image loaded from the API.
    for (const n of [1, 2]) {
      const thumbnails = stripOf(n).getByRole('img', { name: /^錄影畫面 / });
      await thumbnails.first().waitFor();
      const names = await thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
      expect(names.length).toBeGreaterThanOrEqual(6);
      expect(names).toEqual(names.map((_, i) => `錄影畫面 ${((i * 400) / 1000).toFixed(1)} 秒`));
      await expect
        .poll(() => thumbnails.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)))
        .toBe(true);
      // Before them, the attempt's still photo (the one detection checked), loaded too.
      const still = stripOf(n).getByRole('img', { name: FACE_REVIEW_STILL_ALT });
      await expect.poll(() => still.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await stripOf(2).scrollIntoViewIfNeeded();
    await shot(reviewer.page, 'review-face-attempts');

    // One frame enlarged in the preview.
    // The thumbnail's wrapper takes the click (antd lays its 預覽 mask over the image).
    await stripOf(1)
      .getByRole('img', { name: /^錄影畫面 / })
      .nth(2)
      .locator('xpath=..')
      .click();
    const preview = reviewer.page.locator('.ant-image-preview-img');
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    await shot(reviewer.page, 'review-face-frame-preview');
    reviewer.assertNoConsoleErrors();
    await reviewer.close();
  }, 240_000);
});
