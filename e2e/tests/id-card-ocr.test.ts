import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import * as M from '@app/contract/messages/identity-document.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { launch } from '../support/app.ts';
import { pageApi } from '../support/page-api.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { saveStepsOneAndTwo } from './borrower-helpers.ts';
import { choosePhoto, shot } from './onboarding-helpers.ts';

/**
 * Step 3's OCR in the browser against the real server and the real reader (tesseract.js,
 * offline): a new user whose step 1 has a different given name than the card uploads the
 * front, has it read, sees the ID number proposed and the difference from step 1 pointed
 * out (never applied), checks the fields against the card and confirms them, keeping
 * the card's name once asked (the application then goes to staff review).
 */
const MOBILE = '0987650606';
const CARD = {
  name: '林美玲',
  idNumber: 'F228605136',
  birthDate: '1990-05-12',
  roc: { birth: '民國 79年 5月 12日', issue: '民國 105年 7月 1日（北市）換發' },
  issueDate: '2016-07-01',
};
const suite = useE2ESuite();
const t = usePagePerFile(suite);

/** The card's front as a phone would photograph it, drawn in the page with the system's Noto CJK. */
async function cardFront(card: typeof CARD = CARD, page = t.page): Promise<Buffer> {
  const dataUrl = await page.evaluate((card) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 630;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e3eef0';
    g.fillRect(0, 0, 1000, 630);
    g.fillStyle = '#1f2a30';
    g.font = 'bold 44px "Noto Serif CJK TC"';
    g.fillText('中華民國國民身分證', 250, 78);
    g.font = '30px "Noto Sans CJK TC"';
    g.fillText('姓\u3000名', 40, 170);
    g.font = 'bold 52px "Noto Sans CJK TC"';
    g.fillText(card.name, 160, 175);
    g.font = '30px "Noto Sans CJK TC"';
    g.fillText('出\u3000生', 40, 250);
    g.fillText('年月日', 40, 285);
    g.fillText(card.roc.birth, 160, 268);
    g.fillText('性\u3000別', 40, 350);
    g.fillText('女', 160, 350);
    g.font = '28px "Noto Sans CJK TC"';
    g.fillText(`發證日期\u3000${card.roc.issue}`, 40, 440);
    g.fillStyle = '#c9d3d8';
    g.fillRect(690, 120, 260, 320);
    g.fillStyle = '#b3202a';
    g.font = '30px "Noto Sans CJK TC"';
    g.fillText('統一編號', 470, 560);
    g.font = 'bold 46px "Noto Sans CJK TC"';
    g.fillText(card.idNumber, 610, 565);
    return canvas.toDataURL('image/jpeg', 0.92);
  }, card);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

describe('step 3: the ID card front read on the server', () => {
  it('proposes the fields, points out where the card differs from step 1 without changing it, and takes the confirmation', async () => {
    const page = t.page;
    await launch(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, MOBILE);
    await waitForRoute(page, '/pages/loans/index');
    const api = await pageApi(page, suite.server.baseUrl);
    await saveStepsOneAndTwo(api, { name: '林美華', idNumber: CARD.idNumber, birthDate: CARD.birthDate });

    await launch(page, '/pages/me/idCard');
    const front = page.getByTestId('id-card-front');
    await front.waitFor();
    await choosePhoto(page, front, T.PHOTO_PICK_ALBUM, { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cardFront() });
    await expect.poll(() => front.getAttribute('data-status')).toBe('done');

    // Read as soon as it is uploaded.
    await page.getByText(M.OCR_TITLE).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('ocr-idNumber').locator('input').inputValue()).toBe(CARD.idNumber);
    // The card's name is not step 1's: said under the field and below the form, step 1 untouched.
    await page.getByText(M.OCR_STEP_ONE_DIFFERS).first().waitFor();
    await page.getByText(M.OCR_STEP_ONE_NOTE).waitFor();
    await shot(page, 'id-card-ocr-proposal');

    // The dates as the card prints them, in the ROC calendar.
    expect(await page.getByTestId('ocr-birthDate').getAttribute('data-value')).toBe(CARD.birthDate);
    expect(await page.getByTestId('ocr-birthDate').textContent()).toBe('民國 79 年 5 月 12 日');
    expect(await page.getByTestId('ocr-issueDate').getAttribute('data-value')).toBe(CARD.issueDate);

    // The user checks every field against the card and fixes what was misread.
    await page.getByTestId('ocr-name').locator('input').fill(CARD.name);
    await page.getByTestId('ocr-proposal').getByText('女', { exact: true }).click();
    await page.getByRole('button', { name: M.OCR_CONFIRM }).click();
    // The card's name is not step 1's: asked, not silently accepted; kept for review once accepted.
    const dialog = page.locator('.adm-dialog').filter({ hasText: M.OCR_DIFFERENCES_TITLE });
    await dialog.getByText(M.ocrDifferencesContent([M.OCR_FIELD_LABELS.name])).waitFor();
    await dialog.getByText(M.OCR_ACCEPT_DIFFERENCES).click();
    await page.getByRole('status').filter({ hasText: M.OCR_DIFFERENCES_ACCEPTED }).waitFor();
    await shot(page, 'id-card-ocr-confirmed');

    const detail = (await api.call(ENDPOINTS.userAuthQueryUserDetail, {})) as { personal: { name: string } | null };
    expect(detail.personal?.name).toBe('林美華');
    t.assertNoConsoleErrors();
  });

  it('asks only for the letter of an ID number starting with O: the digits in the field, one tap on O, D or Q', async () => {
    // O, D and Q weigh alike in the checksum: read as 0, all three pass.
    const card = { ...CARD, idNumber: 'O242348832' };
    // Another borrower: a page of their own.
    const own = await suite.browser.newPage();
    const page = own.page;
    await launch(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, '0987650607');
    await waitForRoute(page, '/pages/loans/index');
    const api = await pageApi(page, suite.server.baseUrl);
    await saveStepsOneAndTwo(api, { name: card.name, idNumber: card.idNumber, birthDate: card.birthDate });

    await launch(page, '/pages/me/idCard');
    const front = page.getByTestId('id-card-front');
    await front.waitFor();
    await choosePhoto(page, front, T.PHOTO_PICK_ALBUM, { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cardFront(card, page) });
    await page.getByText(M.OCR_TITLE).waitFor({ timeout: 60_000 });
    const idInput = page.getByTestId('ocr-idNumber').locator('input');
    expect(await idInput.inputValue()).toBe(card.idNumber.slice(1));
    const choices = page.getByTestId('ocr-idNumber-choices');
    expect(await choices.getByRole('button').allTextContents()).toEqual(['D', 'O', 'Q']);
    await page.getByText(M.OCR_PICK_ONE).first().waitFor();
    await shot(page, 'id-card-ocr-letter-choice');
    await choices.getByRole('button', { name: 'O', exact: true }).click();
    expect(await idInput.inputValue()).toBe(card.idNumber);
    own.assertNoConsoleErrors();
    await own.close();
  });
});
