import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressCount, STEP_STATE_DONE } from '@app/contract/messages/accounts.ts';
import { ONBOARDING_STEPS, QUIT_POPUP_CONTENT, QUIT_POPUP_CONTINUE, QUIT_POPUP_LEAVE } from '@app/contract/messages/app-shell.ts';
import {
  BANK_ACCOUNT_LABEL,
  BANK_ACCOUNT_RULE,
  BANK_CARD_ADD,
  BANK_CARD_DEFAULT_BADGE,
  BANK_CARD_DEFAULT_CHANGED,
  BANK_CARD_EMPTY,
  BANK_CARD_SET_DEFAULT,
  BANK_CARD_SUBMIT,
  BANK_HOLDER_NAME_LABEL,
  BANK_SELECT_EMPTY,
  BANK_SELECT_SEARCH,
  bankAccountLengthRule,
} from '@app/contract/messages/bank-accounts.ts';
import * as OCR from '@app/contract/messages/identity-document.ts';
import {
  CONTACT_CONSENT_LABEL,
  CONTACT_CONSENT_REQUIRED,
  CONTACT_MOBILE_INVALID,
  CONTACTS_DUPLICATE,
  EMAIL_INVALID,
  ID_NUMBER_INVALID,
} from '@app/contract/messages/onboarding.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { SERVER_ERROR, UPLOAD_TOO_LARGE } from '@app/contract/messages/request-errors.ts';
import { maskBankAccount } from '@app/contract/validators/bank-account.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import { clickBack, goTo, launch, reloadApp } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import {
  blankCardJpeg,
  cardJpeg,
  chooseBranch,
  choosePhoto,
  formRow,
  formRows,
  idCardFrontJpeg,
  noisePng,
  pick,
  pickRocDate,
  shot,
  tapTargetSizes,
} from './onboarding-helpers.ts';

/**
 * A new borrower completes onboarding steps 1 to 4 in a phone-sized browser against the
 * real server and database: personal details, two contacts, both sides of the ID card
 * (real JPEG uploads with progress, and a photo too large even after compression), a bank
 * card; 資質 follows each step, saved steps come back after a reload, and back from a step
 * asks before leaving. Full ID and account numbers never reach the browser's storage.
 */
const MOBILE = '0987650101';
const ID_NUMBER = 'A123456789';
const ACCOUNT = '0123456789012';
const NAME = '王小明';
const SECOND_ACCOUNT = '9876543210123';

const suite = useE2ESuite();
const t = usePagePerFile(suite);

/** Opens 資質 and waits for its items to read `expected` (the page refetches what changed). */
async function expectAptitude(expected: Record<string, boolean>): Promise<void> {
  await goTo(t.page, '/pages/aptitude');
  await t.page.locator('.aptitude-items').waitFor();
  const items = t.page.locator('.aptitude-items [data-done]');
  await expect
    .poll(async () => {
      const keys = await items.evaluateAll((nodes) =>
        nodes.map((n) => [n.getAttribute('data-testid') ?? '', n.getAttribute('data-done') === 'true'] as const),
      );
      return Object.fromEntries(keys.map(([key, done]) => [key.replace('aptitude-', ''), done]));
    })
    .toEqual(expected);
}

describe('onboarding journey', () => {
  it('a new user logs in from step 1 and sees the five steps, step 1 current', async () => {
    const page = t.page;
    await launch(page, '/pages/login/index?redirect=%2Fpages%2Fme%2FuserInfo');
    await loginWithCode(page, suite.server.baseUrl, MOBILE);
    await waitForRoute(page, '/pages/me/userInfo');
    await formRow(page, T.USER_INFO_NAME).waitFor();
    await expect.poll(() => page.locator('.step-indicator .adm-step-title').allTextContents()).toEqual([...ONBOARDING_STEPS]);
    expect(await page.locator('.step-number[aria-current="step"]').textContent()).toBe('1');
    await shot(page, 'user-info-empty');
    t.assertNoConsoleErrors();
  });

  it('資質 lists the five items, none done, each opening its step', async () => {
    await expectAptitude({ personal: false, contacts: false, idCard: false, bankCard: false, face: false });
    await t.page.getByTestId('aptitude-count').getByText(progressCount(0, 5)).waitFor();
    await shot(t.page, 'aptitude-none');
    await t.page.getByTestId('aptitude-contacts').click();
    await waitForRoute(t.page, '/pages/me/contact');
    await t.page.getByText(T.CONTACT_PAGE_INTRO).waitFor();
  });

  it('back from a step asks first with the quit popup; 繼續認證 stays, 放棄並退出 leaves', async () => {
    const page = t.page;
    await clickBack(page);
    const popup = page.getByRole('dialog', { name: QUIT_POPUP_CONTENT });
    await popup.getByText(QUIT_POPUP_CONTENT).waitFor();
    await shot(page, 'quit-popup');
    await popup.getByRole('button', { name: QUIT_POPUP_CONTINUE }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => window.location.hash)).toBe('#/pages/me/contact');
    await clickBack(page);
    await popup.getByRole('button', { name: QUIT_POPUP_LEAVE }).click();
    await waitForRoute(page, '/pages/aptitude');
  });

  it('step 1: inline errors in Traditional Chinese from the contract, then saved and on to step 2', async () => {
    const page = t.page;
    await goTo(page, '/pages/me/userInfo');
    await formRow(page, T.USER_INFO_NAME).waitFor();
    await page.getByPlaceholder(T.USER_INFO_ID_NUMBER_PLACEHOLDER).fill('A123456788');
    await page.getByPlaceholder(T.USER_INFO_EMAIL_PLACEHOLDER).fill('not-an-email');
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await page.getByText(ID_NUMBER_INVALID).waitFor();
    await page.getByText(EMAIL_INVALID).first().waitFor();
    await shot(page, 'user-info-errors');

    await page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).fill(NAME);
    await pick(page, formRow(page, T.USER_INFO_GENDER));
    await pick(page, formRow(page, T.USER_INFO_BIRTH_DATE));
    await page.getByPlaceholder(T.USER_INFO_ID_NUMBER_PLACEHOLDER).fill(ID_NUMBER);
    await pick(page, formRow(page, T.USER_INFO_MARITAL_STATUS));
    await pick(page, formRow(page, T.USER_INFO_EDUCATION));
    await pick(page, formRow(page, T.USER_INFO_OCCUPATION));
    await page.getByPlaceholder(T.USER_INFO_MONTHLY_INCOME_PLACEHOLDER).fill('42000');
    await pick(page, formRow(page, T.USER_INFO_COUNTY_DISTRICT));
    await page.getByPlaceholder(T.USER_INFO_ADDRESS_PLACEHOLDER).fill('重慶南路一段 122 號');
    await page.getByPlaceholder(T.USER_INFO_EMAIL_PLACEHOLDER).fill('xiaoming@example.com');
    await shot(page, 'user-info-filled');
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await waitForRoute(page, '/pages/me/contact');
    await expect.poll(() => page.locator('.step-number[aria-current="step"]').textContent()).toBe('2');
    t.assertNoConsoleErrors();
  });

  it('step 2: two contacts with the notice; a bad and a repeated number are refused inline', async () => {
    const page = t.page;
    const names = page.getByPlaceholder(T.CONTACT_PAGE_NAME_PLACEHOLDER);
    const mobiles = page.getByPlaceholder(T.CONTACT_PAGE_MOBILE_PLACEHOLDER);
    await names.nth(0).fill('王大明');
    await pick(page, formRows(page, T.CONTACT_PAGE_RELATIONSHIP).nth(0));
    await mobiles.nth(0).fill('0912000001');
    await names.nth(1).fill('陳美麗');
    await pick(page, formRows(page, T.CONTACT_PAGE_RELATIONSHIP).nth(1));
    await mobiles.nth(1).fill('0212');
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await page.getByText(CONTACT_MOBILE_INVALID).waitFor();
    await page.getByText(CONTACT_CONSENT_REQUIRED).waitFor();
    await mobiles.nth(1).fill('0912000001');
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await page.getByText(CONTACTS_DUPLICATE).first().waitFor();
    await shot(page, 'contact-errors');

    await mobiles.nth(1).fill('0912000002');
    // The consent box is a tap target of at least 44 px.
    const [consent] = await tapTargetSizes(page.locator('.contact-consent.adm-checkbox'));
    expect(consent?.height).toBeGreaterThanOrEqual(44);
    await page.getByText(CONTACT_CONSENT_LABEL).click();
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await waitForRoute(page, '/pages/me/idCard');
    t.assertNoConsoleErrors();
  });

  it(
    'step 3: both sides uploaded as compressed JPEGs with progress; a photo too large even compressed gets the toast; a photo nothing can be read from is refused with a retake prompt',
    { timeout: 120_000 },
    async () => {
      const page = t.page;
      const front = page.getByTestId('id-card-front');
      const back = page.getByTestId('id-card-back');
      await front.waitFor();
      await shot(page, 'id-card-empty');

      // Saving without photos says what is missing.
      await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
      await page.getByRole('alert').filter({ hasText: T.PHOTO_PICK_REQUIRED }).waitFor();

      const progress: number[] = [];
      await page.exposeFunction('reportProgress', (value: number) => progress.push(value));
      await page.evaluate(() => {
        const observer = new MutationObserver(() => {
          const bar = document.querySelector('[data-testid="id-card-front"] [role="progressbar"]');
          const value = bar?.getAttribute('aria-valuenow');
          if (value) void (window as unknown as { reportProgress: (v: number) => Promise<void> }).reportProgress(Number(value));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      // A photo nothing can be read from is refused at once: a retake prompt over the empty outline.
      await choosePhoto(page, front, T.PHOTO_PICK_TAKE, { name: 'blur.jpg', mimeType: 'image/jpeg', buffer: await blankCardJpeg(page) });
      await page.getByTestId('id-card-retake').filter({ hasText: OCR.OCR_UNREADABLE }).waitFor({ timeout: 60_000 });
      await front.locator('.photo-frame-hint', { hasText: OCR.OCR_UNREADABLE }).waitFor();
      expect(await front.getAttribute('data-status')).toBe('idle');
      await shot(page, 'id-card-unreadable');
      progress.length = 0;
      const frontJpeg = await idCardFrontJpeg(page, {
        name: NAME,
        idNumber: ID_NUMBER,
        rocBirth: '民國 80年 1月 1日',
        gender: '男',
        rocIssue: '民國 105年 7月 1日（北市）換發',
      });
      const uploads: Array<{ size: number; type: string }> = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v3/upload/image')) {
          const body = request.postDataBuffer();
          uploads.push({ size: body?.length ?? 0, type: request.headers()['content-type'] ?? '' });
        }
      });
      await choosePhoto(page, front, T.PHOTO_PICK_ALBUM, { name: 'front.jpg', mimeType: 'image/jpeg', buffer: frontJpeg });
      await expect.poll(() => front.getAttribute('data-status')).toBe('done');
      expect(progress.length).toBeGreaterThan(0);
      expect(uploads.at(-1)?.type).toContain('multipart/form-data');
      expect(uploads.at(-1)?.size).toBeLessThan(1024 * 1024);
      await front.locator('img.photo-frame-image').waitFor();

      // Noise does not compress: above 1 MB at the lowest quality, so nothing is sent.
      const sentBefore = uploads.length;
      await choosePhoto(page, back, T.PHOTO_PICK_TAKE, { name: 'noise.png', mimeType: 'image/png', buffer: await noisePng(page) });
      await page.getByText(UPLOAD_TOO_LARGE).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'onboarding-upload-too-large.png') });
      expect(uploads.length).toBe(sentBefore);
      expect(await back.getAttribute('data-status')).toBe('idle');

      await choosePhoto(page, back, T.PHOTO_PICK_ALBUM, {
        name: 'back.jpg',
        mimeType: 'image/jpeg',
        buffer: await cardJpeg(page, '配偶 役別 住址'),
      });
      await expect.poll(() => back.getAttribute('data-status')).toBe('done');
      await shot(page, 'id-card-uploaded');
      t.assertNoConsoleErrors();
    },
  );

  it(
    'step 3: the front is read at once; saving waits for the confirmed card; a failing checksum is blocked on the page',
    { timeout: 180_000 },
    async () => {
      const page = t.page;
      const proposal = page.getByTestId('ocr-proposal');
      await proposal.getByText(OCR.OCR_TITLE).waitFor({ timeout: 60_000 });
      // Not confirmed yet: the step is not saved.
      await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
      await page.getByRole('alert').filter({ hasText: OCR.OCR_CONFIRM_FIRST }).waitFor();

      // 「未能辨識，請填寫」 at most once per field, and no note in red.
      const notes = await proposal
        .locator('.adm-form-item')
        .evaluateAll((rows) => rows.map((row) => (row.textContent ?? '').split('未能辨識，請填寫').length - 1));
      expect(Math.max(...notes)).toBeLessThanOrEqual(1);
      const noteColours = await proposal.locator('.ocr-note').evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).color));
      expect(noteColours.length).toBeGreaterThan(0);
      for (const colour of noteColours) {
        const [r = 0, g = 0, b = 0] = colour.match(/\d+/g)?.map(Number) ?? [];
        expect(r - Math.max(g, b), colour).toBeLessThan(60);
      }

      // Tap targets of at least 44 px: 拍照, 從相簿選擇, 男/女.
      const targets = await tapTargetSizes(page.locator('.photo-frame-actions .adm-button, .ocr-gender .adm-radio'));
      expect(targets.length).toBe(6);
      for (const target of targets) expect(Math.min(target.width, target.height), target.text).toBeGreaterThanOrEqual(44);

      const idInput = page.getByTestId('ocr-idNumber').locator('input');
      const confirms: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/userAuth/ocrConfirm')) confirms.push(request.url());
      });
      await idInput.fill('A123456788');
      await page.getByTestId('ocr-name').locator('input').fill(NAME);
      await proposal.getByText('男', { exact: true }).click();
      for (const field of ['birthDate', 'issueDate']) {
        if ((await page.getByTestId(`ocr-${field}`).getAttribute('data-value')) === '') await pickRocDate(page, `ocr-${field}`);
      }
      // The ROC date as the card prints it.
      await expect.poll(() => page.getByTestId('ocr-issueDate').textContent()).toMatch(/^民國 \d+ 年 \d+ 月 \d+ 日$/);
      await expect.poll(() => page.getByTestId('ocr-birthDate').textContent()).toMatch(/^民國 \d+ 年 \d+ 月 \d+ 日$/);
      await page.getByRole('button', { name: OCR.OCR_CONFIRM }).click();
      await proposal.getByText(ID_NUMBER_INVALID).waitFor();
      expect(confirms).toEqual([]);
      await shot(page, 'id-card-ocr-checksum');

      // The card's birth date (民國 80 年) is not step 1's: the borrower keeps the card's and the application goes to review.
      await idInput.fill(ID_NUMBER);
      await page.getByRole('button', { name: OCR.OCR_CONFIRM }).click();
      const dialog = page.locator('.adm-dialog').filter({ hasText: OCR.OCR_DIFFERENCES_TITLE });
      await dialog.getByText(OCR.OCR_FIELD_LABELS.birthDate, { exact: false }).first().waitFor();
      await shot(page, 'id-card-differences');
      await dialog.getByText(OCR.OCR_ACCEPT_DIFFERENCES).click();
      await page.getByRole('status').filter({ hasText: OCR.OCR_DIFFERENCES_ACCEPTED }).waitFor();
      await shot(page, 'id-card-confirmed');
      await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
      await waitForRoute(page, '/pages/me/bankInfo');
      t.assertNoConsoleErrors();
    },
  );

  it('資質 shows the first three items done', async () => {
    await expectAptitude({ personal: true, contacts: true, idCard: true, bankCard: false, face: false });
    await t.page.locator('[data-testid="aptitude-personal"]').getByText(STEP_STATE_DONE).waitFor();
    await shot(t.page, 'aptitude-three');
    await t.page.getByTestId('aptitude-bankCard').click();
    await waitForRoute(t.page, '/pages/me/bankInfo');
  });

  it('step 4: bank from the searchable list, branch, account checked by the rule, passbook cover; then on to step 5', async () => {
    const page = t.page;
    await formRow(page, BANK_ACCOUNT_LABEL).waitFor();
    await expect.poll(() => page.locator('.step-number[aria-current="step"]').textContent()).toBe('4');
    // The holder is the verified person: the name from step 1 is filled in.
    await expect.poll(() => formRow(page, BANK_HOLDER_NAME_LABEL).locator('input').inputValue()).toBe(NAME);
    await shot(page, 'bank-info-form');

    await page.getByTestId('bank-field').click();
    await waitForRoute(page, '/pages/me/bankSelect');
    await expect.poll(() => page.title()).toBe('');
    await page.locator('.adm-index-bar').waitFor();
    await shot(page, 'bank-select');
    await page.getByPlaceholder(BANK_SELECT_SEARCH).fill('不存在的銀行');
    await page.getByText(BANK_SELECT_EMPTY).waitFor();
    await page.getByPlaceholder(BANK_SELECT_SEARCH).fill('004');
    await page.locator('.bank-results .adm-list-item').first().click();
    await waitForRoute(page, '/pages/me/bankInfo');
    await page.getByTestId('bank-field').getByText('004').waitFor();

    // The branch from a search list: by district (中正區), the code beside each name.
    await chooseBranch(page, '中正區', '0040037');
    await formRow(page, BANK_ACCOUNT_LABEL).locator('input').fill('12345');
    await page.getByRole('button', { name: BANK_CARD_SUBMIT }).click();
    await page.getByText(BANK_ACCOUNT_RULE).waitFor();
    await formRow(page, BANK_ACCOUNT_LABEL).locator('input').fill(ACCOUNT);
    const passbook = page.getByTestId('passbook');
    await choosePhoto(page, passbook, T.PHOTO_PICK_ALBUM, {
      name: 'passbook.jpg',
      mimeType: 'image/jpeg',
      buffer: await cardJpeg(page, '存摺封面 王小明', 1500, 1000),
    });
    await expect.poll(() => passbook.getAttribute('data-status')).toBe('done');
    await shot(page, 'bank-info-filled');
    await page.getByRole('button', { name: BANK_CARD_SUBMIT }).click();
    await waitForRoute(page, '/pages/me/faceDome');
    t.assertNoConsoleErrors();
  });

  it('資質 shows four items done; the bank page lists the card masked, as the default', async () => {
    await expectAptitude({ personal: true, contacts: true, idCard: true, bankCard: true, face: false });
    await t.page.getByTestId('aptitude-count').getByText(progressCount(4, 5)).waitFor();
    await shot(t.page, 'aptitude-four');

    await goTo(t.page, '/pages/me/bankList');
    const card = t.page.getByTestId('bank-card').first();
    await card.getByText(maskBankAccount(ACCOUNT)).waitFor();
    await card.getByText(BANK_CARD_DEFAULT_BADGE).waitFor();
    expect(await t.page.locator('body').textContent()).not.toContain(ACCOUNT);
    await shot(t.page, 'bank-list');

    await goTo(t.page, '/pages/me/bankInfo');
    await t.page.getByTestId('bank-card').first().waitFor();
    await t.page.getByRole('button', { name: BANK_CARD_ADD }).waitFor();
    await shot(t.page, 'bank-info-cards');
  });

  it('adds a second card on addBank and makes it the default on bankList', async () => {
    const page = t.page;
    await goTo(page, '/pages/me/bankList');
    await page.getByRole('button', { name: BANK_CARD_ADD }).click();
    await waitForRoute(page, '/pages/me/addBank');
    await formRow(page, BANK_ACCOUNT_LABEL).waitFor();
    await page.getByRole('button', { name: BANK_CARD_SUBMIT }).click();
    await page.getByTestId('bank-field').locator('.adm-form-item-feedback-error', { hasText: T.BANK_PAGE_BANK_REQUIRED }).waitFor();
    await shot(page, 'add-bank');
    // 中華郵政's accounts are 14 digits: 13 are refused on the page.
    await page.getByTestId('bank-field').click();
    await waitForRoute(page, '/pages/me/bankSelect');
    await page.getByPlaceholder(BANK_SELECT_SEARCH).fill('700');
    await page.locator('.bank-results .adm-list-item').first().click();
    await waitForRoute(page, '/pages/me/addBank');
    await formRow(page, BANK_ACCOUNT_LABEL).locator('input').fill('0001234567890');
    await page.getByRole('button', { name: BANK_CARD_SUBMIT }).click();
    await page.getByText(bankAccountLengthRule('中華郵政', 14)).waitFor();
    await shot(page, 'add-bank-post-office-length');
    await page.getByTestId('bank-field').click();
    await waitForRoute(page, '/pages/me/bankSelect');
    await page.getByPlaceholder(BANK_SELECT_SEARCH).fill('822');
    await page.locator('.bank-results .adm-list-item').first().click();
    await waitForRoute(page, '/pages/me/addBank');
    await page.getByTestId('bank-field').getByText('822').waitFor();
    // By its 7-digit code this time.
    await chooseBranch(page, '8220015', '8220015');
    await formRow(page, BANK_ACCOUNT_LABEL).locator('input').fill(SECOND_ACCOUNT);
    await expect.poll(() => formRow(page, BANK_HOLDER_NAME_LABEL).locator('input').inputValue()).toBe(NAME);
    await page.getByRole('button', { name: BANK_CARD_SUBMIT }).click();
    await waitForRoute(page, '/pages/me/bankList');

    const second = page.getByTestId('bank-card').filter({ hasText: maskBankAccount(SECOND_ACCOUNT) });
    await second.getByRole('button', { name: BANK_CARD_SET_DEFAULT }).click();
    await page.getByText(BANK_CARD_DEFAULT_CHANGED).waitFor();
    await second.getByText(BANK_CARD_DEFAULT_BADGE).waitFor();
    await expect.poll(() => page.getByTestId('bank-card').first().textContent()).toContain(maskBankAccount(SECOND_ACCOUNT));
    await shot(page, 'bank-list-two');
    t.assertNoConsoleErrors();
  });

  it('bankList without cards says so and offers to add one', async () => {
    const page = t.page;
    await suite.server.setFault('/api/v3/bindCard/list', { kind: 'envelope', status: 200, message: '', body: { cards: [] } });
    await reloadApp(page);
    await goTo(page, '/pages/me/bankList');
    await page.getByText(BANK_CARD_EMPTY).waitFor();
    await page.getByRole('button', { name: BANK_CARD_ADD }).waitFor();
    await shot(page, 'bank-list-empty');
  });

  it('every new page fits a 360 px wide phone without sideways scrolling', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 360, height: 740 });
    for (const route of [
      '/pages/me/userInfo',
      '/pages/me/contact',
      '/pages/me/idCard',
      '/pages/me/bankInfo',
      '/pages/me/bankSelect',
      '/pages/me/bankList',
      '/pages/me/addBank',
      '/pages/aptitude',
      '/choose-location',
      '/open-location',
    ]) {
      await goTo(page, route);
      await page.locator('.page-body, .bank-select-body').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
    }
    await goTo(page, '/pages/me/userInfo');
    await formRow(page, T.USER_INFO_NAME).waitFor();
    await shot(page, 'user-info-360');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('saved steps survive a reload, numbers masked; no full ID or account number in storage', async () => {
    const page = t.page;
    await reloadApp(page);
    await goTo(page, '/pages/me/userInfo');
    await expect.poll(() => page.getByPlaceholder(T.USER_INFO_NAME_PLACEHOLDER).inputValue()).toBe(NAME);
    await page.getByPlaceholder(maskIdentityNumber(ID_NUMBER)).waitFor();
    await page.getByText(T.USER_INFO_ID_NUMBER_SAVED_HINT).waitFor();
    await shot(page, 'user-info-saved');
    // Saved again without retyping the ID number: the saved one stays; on to what is left (the selfie).
    await page.getByRole('button', { name: T.PAGE_STEP_SAVE_NEXT }).click();
    await waitForRoute(page, '/pages/me/faceDome');
    await goTo(page, '/pages/me/contact');
    await page.locator('.saved-contacts').getByText('王大明').waitFor();
    await page.locator('.saved-contacts').getByText('0912***001').waitFor();
    await shot(page, 'contact-saved');
    await goTo(page, '/pages/me/idCard');
    await expect.poll(() => page.getByTestId('id-card-back').getAttribute('data-status')).toBe('done');
    await page.getByTestId('id-card-front').locator('img.photo-frame-image').waitFor();

    const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
    expect(stored).not.toContain(ID_NUMBER);
    expect(stored).not.toContain(ACCOUNT);
    expect(stored).not.toContain(SECOND_ACCOUNT);
    t.assertNoConsoleErrors();
  });

  it('a step whose data does not load shows the error with a retry', async () => {
    const page = t.page;
    // A fresh load on a page that does not ask for the detail, so the contact page's request is the one refused.
    await goTo(page, '/pages/aptitude');
    await page.locator('.aptitude-items').waitFor();
    await page.reload();
    await page.waitForLoadState('networkidle');
    await suite.server.setFault('/api/v3/userAuth/queryUserDetail', { kind: 'envelope', status: 500, message: SERVER_ERROR });
    await goTo(page, '/pages/me/contact');
    await page.locator('.empty-state', { hasText: SERVER_ERROR }).waitFor();
    await shot(page, 'contact-error');
    await page.getByRole('button', { name: '重試' }).click();
    await page.locator('.saved-contacts').waitFor();
  });

  it('choose-location: county, district and street, the position when allowed; open-location links to a map', async () => {
    const page = t.page;
    await t.context.grantPermissions(['geolocation'], { origin: suite.server.baseUrl });
    await t.context.setGeolocation({ latitude: 25.04, longitude: 121.512 });
    await goTo(page, '/choose-location');
    await formRow(page, T.LOCATION_COUNTY_DISTRICT).waitFor();
    await shot(page, 'choose-location');
    await pick(page, formRow(page, T.LOCATION_COUNTY_DISTRICT));
    await page.getByPlaceholder(T.USER_INFO_ADDRESS_PLACEHOLDER).fill('重慶南路一段 122 號');
    await page.getByRole('button', { name: T.LOCATION_USE_CURRENT }).click();
    await page.getByTestId('location-coords').waitFor();
    await shot(page, 'choose-location-filled');
    await page.getByRole('button', { name: T.LOCATION_CONFIRM }).click();
    await waitForRoute(page, '/open-location');
    const link = page.getByRole('link', { name: T.LOCATION_OPEN_MAP });
    expect(await link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=25.04%2C121.512');
    await page.getByText('重慶南路一段 122 號').waitFor();
    await shot(page, 'open-location');
    t.assertNoConsoleErrors();
  });
});
