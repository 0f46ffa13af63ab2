import { describe, expect, it } from 'vitest';
import { FACE_CAPTURE_CAMERA_UNAVAILABLE, FACE_GUIDE_START, FACE_GUIDE_TIPS } from '@app/contract/messages/face-pages.ts';
import { launch } from '../support/app.ts';
import { pageApi } from '../support/page-api.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { facePhoto, saveStepsOneToFour } from './borrower-helpers.ts';
import { shot } from './onboarding-helpers.ts';

/**
 * Step 5 in the browser against the real server and the real face models: a new user
 * whose steps 1-4 were saved through the API (the ID card front shows a face) reads the
 * selfie guide, takes the selfie through the file input (headless Chromium has no
 * camera, so the page offers the input), goes on into the application, and 資質 then
 * shows step 5 complete. The face photos are cut from a sample image shipped inside
 * @vladmandic/human.
 */
const MOBILE = '0987650505';
const suite = useE2ESuite();
const t = usePagePerFile(suite);

describe('step 5 (face) in the browser', () => {
  it('a user with steps 1-4 done reads the guide, takes the selfie with the file input, goes on into the application, and sees step 5 complete on 資質', async () => {
    const page = t.page;
    await launch(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, MOBILE);
    await waitForRoute(page, '/pages/loans/index');
    const api = await pageApi(page, suite.server.baseUrl);
    await saveStepsOneToFour(api, page, { name: '林美華', idNumber: 'B223456782' });

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

    await page.getByTestId('selfie-input').setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await facePhoto(page, 'selfie') });
    // Every step done: on into the application, not a stop on 資質.
    await waitForRoute(page, '/pages/loans/applyFor');
    await launch(page, '/pages/aptitude');
    await expect.poll(() => page.getByTestId('aptitude-face').getAttribute('data-done'), { timeout: 30_000 }).toBe('true');
    await shot(page, 'face-done');
    t.assertNoConsoleErrors();
  });
});
