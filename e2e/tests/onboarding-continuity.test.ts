import { describe, expect, it } from 'vitest';
import { LOGOUT_CONFIRM, ME_MENU_LOGOUT } from '@app/contract/messages/accounts.ts';
import { QUIT_POPUP_CONTENT, QUIT_POPUP_CONTINUE } from '@app/contract/messages/app-shell.ts';
import { BANK_ACCOUNT_LABEL, BANK_CARD_SUBMIT, BANK_SELECT_SEARCH } from '@app/contract/messages/bank-accounts.ts';
import { FACE_CAPTURE_START, FACE_GUIDE_START } from '@app/contract/messages/face-pages.ts';
import * as OCR from '@app/contract/messages/identity-document.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { goTo, launch } from '../support/app.ts';
import { pageApi } from '../support/page-api.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { randomMobile, randomNationalId, recordIdCard, saveStepsOneAndTwo } from './borrower-helpers.ts';
import { useFakeCamera } from './fake-camera.ts';
import { chooseBranch, choosePhoto, formRow, formRows, idCardFrontJpeg, pick, shot, tapTargetSizes } from './onboarding-helpers.ts';

/**
 * Nothing typed is lost and no step is a dead end, in a real browser against the real
 * server: drafts of steps 1, 2 and 4 come back after a reload, a back and a relogin and
 * go once saved or on logout; the phone's back button (history back) asks with the quit
 * popup where the page's back does; a visitor who taps a product's 立即申請 logs in and
 * goes on into that application, through the steps still to do and the selfie; step 1
 * can be filled from a photo of the ID card, which step 3 then starts with.
 */
const suite = useE2ESuite({ env: { OTP_RESEND_SECONDS: '1' } });
const t = usePagePerFile(suite);

/** The drafts of this device, as the app keeps them (localStorage keys `draft:<user>:<step>`). */
async function drafts(): Promise<Record<string, unknown>> {
  return t.page.evaluate(() =>
    Object.fromEntries(
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith('draft:'))
        .map((key) => [key.split(':').at(-1) ?? key, JSON.parse(window.localStorage.getItem(key) ?? 'null') as unknown]),
    ),
  );
}

/** The session ends as a 301 would end it (token, loginInfo, applyInfo gone), then the same person logs in again. */
async function relogin(mobile: string, route: string): Promise<void> {
  await t.page.evaluate(() => ['token', 'loginInfo', 'applyInfo'].forEach((key) => window.localStorage.removeItem(key)));
  // A new load of the app, as after the relogin modal: nothing left in memory.
  await t.page.goto('about:blank');
  await launch(t.page, `/pages/login/index?redirect=${encodeURIComponent(route)}`);
  await loginWithCode(t.page, suite.server.baseUrl, mobile);
  await waitForRoute(t.page, route);
}

describe('nothing typed is lost', () => {
  const mobile = randomMobile();
  const idNumber = randomNationalId();

  it('step 1: what was typed comes back after a reload and a relogin; the phone back asks first and keeps it', async () => {
    const page = t.page;
    await launch(page, '/pages/login/index?redirect=%2Fpages%2Fme%2FuserInfo');
    // The login's consent box is a tap target of at least 44 px.
    const [consent] = await tapTargetSizes(page.locator('.login-consent .adm-checkbox'));
    expect(consent?.height).toBeGreaterThanOrEqual(44);
    await loginWithCode(page, suite.server.baseUrl, mobile);
    await waitForRoute(page, '/pages/me/userInfo');
    await page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).fill('張雅婷');
    await pick(page, formRow(page, T.USER_INFO_GENDER), '女');
    await page.getByPlaceholder(T.USER_INFO_MONTHLY_INCOME_PLACEHOLDER).fill('51000');
    await page.getByPlaceholder(T.USER_INFO_EMAIL_PLACEHOLDER).fill('yating@example.tw');

    await page.reload();
    await expect.poll(() => page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).inputValue()).toBe('張雅婷');
    expect(await page.getByPlaceholder(T.USER_INFO_MONTHLY_INCOME_PLACEHOLDER).inputValue()).toBe('51000');
    expect(await page.getByPlaceholder(T.USER_INFO_EMAIL_PLACEHOLDER).inputValue()).toBe('yating@example.tw');
    await formRow(page, T.USER_INFO_GENDER).getByText('女').waitFor();

    // The phone's back button: the quit popup, the page and its fields stay.
    await page.goBack();
    const popup = page.getByRole('dialog', { name: QUIT_POPUP_CONTENT });
    await popup.waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/pages/me/userInfo');
    await shot(page, 'history-back-quit-popup');
    await popup.getByRole('button', { name: QUIT_POPUP_CONTINUE }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).inputValue()).toBe('張雅婷');
    // Asked again on the next back: the guard was put back.
    await page.goBack();
    await popup.waitFor();
    await popup.getByRole('button', { name: QUIT_POPUP_CONTINUE }).click();
    await popup.waitFor({ state: 'hidden' });

    await relogin(mobile, '/pages/me/userInfo');
    await expect.poll(() => page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).inputValue()).toBe('張雅婷');
    expect(await page.getByPlaceholder(T.USER_INFO_EMAIL_PLACEHOLDER).inputValue()).toBe('yating@example.tw');
    t.assertNoConsoleErrors();
  });

  it('step 1 saved: its draft is gone, and on to step 2', async () => {
    const page = t.page;
    await pick(page, formRow(page, T.USER_INFO_BIRTH_DATE));
    await page.getByPlaceholder(T.USER_INFO_ID_NUMBER_PLACEHOLDER).fill(idNumber);
    await pick(page, formRow(page, T.USER_INFO_MARITAL_STATUS));
    await pick(page, formRow(page, T.USER_INFO_EDUCATION));
    await pick(page, formRow(page, T.USER_INFO_OCCUPATION));
    await pick(page, formRow(page, T.USER_INFO_COUNTY_DISTRICT));
    await page.getByPlaceholder(T.USER_INFO_ADDRESS_PLACEHOLDER).fill('中山北路二段 10 號');
    expect(Object.keys(await drafts())).toContain('userInfo');
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await waitForRoute(page, '/pages/me/contact');
    expect(Object.keys(await drafts())).not.toContain('userInfo');
  });

  it('step 2: the phone back shows the quit popup instead of dropping the contact typed; a reload keeps it', async () => {
    const page = t.page;
    const names = page.getByPlaceholder(T.CONTACT_PAGE_NAME_PLACEHOLDER);
    const mobiles = page.getByPlaceholder(T.CONTACT_PAGE_MOBILE_PLACEHOLDER);
    await names.nth(0).fill('張爸爸');
    await pick(page, formRows(page, T.CONTACT_PAGE_RELATIONSHIP).nth(0));
    await mobiles.nth(0).fill('0911222333');

    await page.goBack();
    const popup = page.getByRole('dialog', { name: QUIT_POPUP_CONTENT });
    await popup.waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('#/pages/me/contact');
    await popup.getByRole('button', { name: QUIT_POPUP_CONTINUE }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await names.nth(0).inputValue()).toBe('張爸爸');
    expect(await mobiles.nth(0).inputValue()).toBe('0911222333');

    await page.reload();
    await expect.poll(() => names.nth(0).inputValue()).toBe('張爸爸');
    expect(await mobiles.nth(0).inputValue()).toBe('0911222333');
    await shot(page, 'contact-draft-restored');
    t.assertNoConsoleErrors();
  });

  it('step 4: the bank, branch and account typed come back after a reload; logout clears every draft', async () => {
    const page = t.page;
    const api = await pageApi(page, suite.server.baseUrl);
    const person = { name: '張雅婷', idNumber };
    await saveStepsOneAndTwo(api, person);
    await recordIdCard(api, page, person);
    await goTo(page, '/pages/me/bankInfo');
    await page.getByTestId('bank-field').click();
    await waitForRoute(page, '/pages/me/bankSelect');
    await page.getByPlaceholder(BANK_SELECT_SEARCH).fill('808');
    await page.locator('.bank-results .adm-list-item').first().click();
    await waitForRoute(page, '/pages/me/bankInfo');
    // 玉山 has 173 branches: typed 板橋, the branch is among the first rows.
    await chooseBranch(page, '板橋', '8081171', 'branch-search');
    await formRow(page, BANK_ACCOUNT_LABEL).locator('input').fill('0117968012345');

    await page.reload();
    await page.getByTestId('bank-field').getByText('808').waitFor();
    await page.getByTestId('branch-field').getByText('8081171').waitFor();
    await expect.poll(() => formRow(page, BANK_ACCOUNT_LABEL).locator('input').inputValue()).toBe('0117968012345');
    expect(Object.keys(await drafts())).toEqual(expect.arrayContaining(['contact', 'bank']));

    await goTo(page, '/pages/me/index');
    await page.getByText(ME_MENU_LOGOUT, { exact: true }).click();
    const confirm = page.locator('.adm-dialog').filter({ hasText: LOGOUT_CONFIRM });
    await confirm.getByRole('button', { name: ME_MENU_LOGOUT }).click();
    await waitForRoute(page, '/pages/loans/index');
    expect(await drafts()).toEqual({});
    t.assertNoConsoleErrors();
  });
});

describe('no dead end: from 立即申請 to the application', () => {
  it(
    "a visitor taps a product, logs in, is taken through the steps still to do and the selfie, and lands in that product's application",
    { timeout: 240_000 },
    async () => {
      const page = t.page;
      const mobile = randomMobile();
      // A visitor's fresh load of the home (the daily popup is for logged-in borrowers).
      await page.goto('about:blank');
      await launch(page, '/pages/loans/index');
      const products = page.locator('.home-product');
      await expect.poll(() => products.count()).toBeGreaterThan(1);
      await products.nth(1).click();
      await waitForRoute(page, '/pages/login/index');
      const redirect = new URLSearchParams((await page.evaluate(() => window.location.hash)).split('?')[1]).get('redirect') ?? '';
      expect(redirect).toMatch(/^\/pages\/loans\/applyFor\?productId=\w+$/);
      const productId = new URLSearchParams(redirect.split('?')[1]).get('productId');

      await loginWithCode(page, suite.server.baseUrl, mobile);
      // Into the application, which sends a new borrower to the first step.
      await waitForRoute(page, '/pages/me/userInfo');

      const api = await pageApi(page, suite.server.baseUrl);
      const person = { name: '李家豪', idNumber: randomNationalId() };
      await saveStepsOneAndTwo(api, person);
      await recordIdCard(api, page, person);

      // Step 4 in the page: saved, it goes on to what is left (the selfie), not to 資質.
      await launch(page, '/pages/me/bankInfo');
      await page.getByTestId('bank-field').click();
      await waitForRoute(page, '/pages/me/bankSelect');
      await page.getByPlaceholder(BANK_SELECT_SEARCH).fill('004');
      await page.locator('.bank-results .adm-list-item').first().click();
      await waitForRoute(page, '/pages/me/bankInfo');
      await chooseBranch(page, '館前', '0040071');
      await formRow(page, BANK_ACCOUNT_LABEL).locator('input').fill('071004512345');
      await page.getByRole('button', { name: BANK_CARD_SUBMIT }).click();
      await waitForRoute(page, '/pages/me/faceDome');

      // A phone whose front camera shows the man of the sample photos (fake-camera.ts).
      await useFakeCamera(page);
      await page.getByRole('button', { name: FACE_GUIDE_START }).click();
      await waitForRoute(page, '/pages/me/face');
      await page.getByRole('button', { name: FACE_CAPTURE_START }).click();
      // After the selfie: the application for the product chosen before logging in.
      // (The three face checks run the real models: on a busy machine they take a while.)
      await page.waitForFunction(() => window.location.hash.split('?')[0] === '#/pages/loans/applyFor', undefined, { timeout: 120_000 });
      expect(await page.evaluate(() => new URLSearchParams(window.location.hash.split('?')[1]).get('productId'))).toBe(productId);
      // The application itself shows (loan/check, asked again, lets the borrower apply): no bounce back to a step.
      await page.locator('.apply-for-page, main').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.location.hash.split('?')[0])).toBe('#/pages/loans/applyFor');
      await shot(page, 'continuity-apply-for');

      // 資質 with every step done leads into the application too.
      await goTo(page, '/pages/aptitude');
      await page.getByTestId('credit-limit').waitFor();
      await page.getByRole('button', { name: T.APTITUDE_APPLY }).click();
      await waitForRoute(page, '/pages/loans/applyFor');
      t.assertNoConsoleErrors();
    },
  );
});

describe('step 1 from the ID card', () => {
  it(
    '「拍身分證自動填寫」 fills the name, ID number, birth date and gender; step 3 starts with that photo',
    { timeout: 180_000 },
    async () => {
      const page = t.page;
      await page.goto('about:blank');
      await launch(page, '/pages/login/index?redirect=%2Fpages%2Fme%2FuserInfo');
      await loginWithCode(page, suite.server.baseUrl, randomMobile());
      await waitForRoute(page, '/pages/me/userInfo');
      const idNumber = randomNationalId();
      const autofill = page.getByTestId('id-card-autofill');
      await autofill.getByRole('button', { name: OCR.ID_CARD_AUTOFILL }).click();
      const front = page.getByTestId('id-card-autofill-front');
      const card = await idCardFrontJpeg(page, {
        name: '陳淑芬',
        idNumber,
        rocBirth: '民國 79年 12月 27日',
        gender: '女',
        rocIssue: '民國 105年 7月 1日（北市）換發',
      });
      await choosePhoto(page, front, T.PHOTO_PICK_TAKE, { name: 'front.jpg', mimeType: 'image/jpeg', buffer: card });
      await autofill.getByRole('status').filter({ hasText: OCR.ID_CARD_AUTOFILL_DONE }).waitFor({ timeout: 90_000 });
      expect(await page.getByPlaceholder(T.USER_INFO_ID_NUMBER_PLACEHOLDER).inputValue()).toBe(idNumber);
      expect(await page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).inputValue()).toBe('陳淑芬');
      // The birth date in the people's form (2026/11/25), read from the card's 民國 79 年 12 月 27 日.
      await formRow(page, T.USER_INFO_BIRTH_DATE).getByText('1990/12/27', { exact: true }).waitFor();
      await formRow(page, T.USER_INFO_GENDER).getByText('女').waitFor();
      await shot(page, 'user-info-autofill');

      // Step 3 opens with the same front, read again for confirmation.
      await goTo(page, '/pages/me/idCard');
      await expect.poll(() => page.getByTestId('id-card-front').getAttribute('data-status')).toBe('done');
      await page.getByTestId('ocr-proposal').getByText(OCR.OCR_TITLE).waitFor({ timeout: 90_000 });
      expect(await page.getByTestId('ocr-idNumber').locator('input').inputValue()).toBe(idNumber);
      t.assertNoConsoleErrors();
    },
  );
});
