import { describe, expect, it } from 'vitest';
import {
  CODE_PLACEHOLDER,
  CODE_REQUIRED,
  CODE_SENT,
  CODE_WRONG,
  CONSENT_REQUIRED,
  DATA_LIST,
  DESTROY_CONSEQUENCES,
  DESTROY_DONE,
  DESTROY_FINAL_CONFIRM,
  DESTROY_SUBMIT,
  GET_CODE,
  INVALID_MOBILE,
  LOGIN_FAILED_PASSWORD,
  LOGIN_WITH_PASSWORD,
  LOGOUT_CONFIRM,
  ME_LOGIN_BUTTON,
  ME_LOGIN_PROMPT,
  ME_MENU_DESTROY,
  ME_MENU_EDIT_PASSWORD,
  ME_MENU_LOGOUT,
  ME_MENU_MY_DATA,
  ME_MENU_SET_PASSWORD,
  MOBILE_PLACEHOLDER,
  MY_DATA_INTRO,
  PASSWORD_BY_CODE,
  PASSWORD_CHANGED,
  PASSWORD_MISMATCH,
  PASSWORD_NEW_PLACEHOLDER,
  PASSWORD_OLD_PLACEHOLDER,
  PASSWORD_OLD_WRONG,
  PASSWORD_PLACEHOLDER,
  PASSWORD_REPEAT_PLACEHOLDER,
  PASSWORD_RULE,
  PASSWORD_SAVED,
  codeGoesTo,
  progressCount,
} from '@app/contract/messages/accounts.ts';
import { ONBOARDING_STEPS, SUBMIT, TAB_ME } from '@app/contract/messages/app-shell.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { launch } from '../support/app.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { consentBox, latestCode, loginWithCode, screenshot, storedJson, submitLogin, waitForRoute } from './accounts-helpers.ts';

/**
 * One person's whole account life in a phone-sized browser: register by code, set a
 * password, log out, log in with the password, change it twice, delete the account,
 * register again.
 * This server allows a new code after 1 s instead of 60 s, so one number can get the
 * three codes of the journey; the 60 s countdown is checked in accounts-pages.test.ts.
 */
const MOBILE = '0987650001';
const PASSWORD = 'Secret2025x';
const SECOND_PASSWORD = 'Another2026y';

const suite = useE2ESuite({ env: { OTP_RESEND_SECONDS: '1' } });
const t = usePagePerFile(suite);

async function openMeTab(): Promise<void> {
  await t.page.locator('.adm-tab-bar-item', { hasText: TAB_ME }).click();
  await waitForRoute(t.page, '/pages/me/index');
}

describe('account journey', () => {
  it('a new visitor goes to log in from the me tab, gets a code, and lands back on the me tab', async () => {
    const page = t.page;
    await launch(page);
    await openMeTab();
    await page.getByText(ME_LOGIN_PROMPT).waitFor();
    await page.getByRole('button', { name: ME_LOGIN_BUTTON }).click();
    await waitForRoute(page, '/pages/login/index');

    await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill('0212345678');
    await page.getByRole('button', { name: GET_CODE }).click();
    await page.getByRole('alert').filter({ hasText: INVALID_MOBILE }).waitFor();

    // With +886 shown in front, people type the number without its leading 0.
    await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill(MOBILE.slice(1));
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: GET_CODE }).click();
    await page.getByText(CODE_SENT).waitFor();
    const code = await latestCode(suite.server.baseUrl, MOBILE, sentAfter);

    await page.getByPlaceholder(CODE_PLACEHOLDER).fill(code === '000000' ? '111111' : '000000');
    await consentBox(page).click();
    await submitLogin(page);
    await page.getByText(CODE_WRONG).waitFor();

    await page.getByPlaceholder(CODE_PLACEHOLDER).fill(code);
    await consentBox(page).click();
    await submitLogin(page);
    await page.getByRole('alert').filter({ hasText: CONSENT_REQUIRED }).waitFor();
    await consentBox(page).click();
    await submitLogin(page);

    await waitForRoute(page, '/pages/me/index');
    await expect.poll(() => page.getByTestId('me-mobile').textContent()).toBe(maskTaiwanMobile(MOBILE));
    expect(await storedJson(page, 'token')).toEqual(expect.any(String));
    expect(await storedJson(page, 'loginInfo')).toEqual({ userId: expect.any(String), uuId: expect.any(String) });
    await page.getByText(progressCount(0, 5)).waitFor();
    const steps = page.locator('.me-steps .adm-list-item-content-main');
    expect(await steps.allTextContents()).toEqual([...ONBOARDING_STEPS]);
    await screenshot(page, 'me');
    t.assertNoConsoleErrors();
  });

  it('sets a password, with the rule and the repeat checked first', async () => {
    const page = t.page;
    await page.locator('.me-menu').getByText(ME_MENU_SET_PASSWORD).click();
    const form = page.getByRole('form', { name: ME_MENU_SET_PASSWORD });
    await form.getByPlaceholder(PASSWORD_NEW_PLACEHOLDER).fill('short1');
    await form.getByPlaceholder(PASSWORD_REPEAT_PLACEHOLDER).fill('short1');
    await form.getByRole('button', { name: SUBMIT }).click();
    await form.getByRole('alert').filter({ hasText: PASSWORD_RULE }).waitFor();

    await form.getByPlaceholder(PASSWORD_NEW_PLACEHOLDER).fill(PASSWORD);
    await form.getByPlaceholder(PASSWORD_REPEAT_PLACEHOLDER).fill(`${PASSWORD}y`);
    await form.getByRole('button', { name: SUBMIT }).click();
    await form.getByRole('alert').filter({ hasText: PASSWORD_MISMATCH }).waitFor();
    await screenshot(page, 'password-popup');

    await form.getByPlaceholder(PASSWORD_REPEAT_PLACEHOLDER).fill(PASSWORD);
    await form.getByRole('button', { name: SUBMIT }).click();
    await page.getByText(PASSWORD_SAVED).waitFor();
    await page.locator('.me-menu').getByText(ME_MENU_EDIT_PASSWORD).waitFor();
    t.assertNoConsoleErrors();
  });

  it('logs out after a confirmation and lands on the loans tab with the session gone', async () => {
    const page = t.page;
    await page.locator('.me-logout').click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText(LOGOUT_CONFIRM).waitFor();
    await dialog.getByRole('button', { name: ME_MENU_LOGOUT }).click();
    await waitForRoute(page, '/pages/loans/index');
    expect(await storedJson(page, 'token')).toBeNull();
    expect(await storedJson(page, 'loginInfo')).toBeNull();
    await openMeTab();
    await page.getByText(ME_LOGIN_PROMPT).waitFor();
    t.assertNoConsoleErrors();
  });

  it('logs in with the password; a wrong one is refused', async () => {
    const page = t.page;
    await page.getByRole('button', { name: ME_LOGIN_BUTTON }).click();
    await waitForRoute(page, '/pages/login/index');
    await page.getByRole('button', { name: LOGIN_WITH_PASSWORD }).click();
    await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill(MOBILE);
    await page.getByPlaceholder(PASSWORD_PLACEHOLDER).fill('Wrong2025x');
    await consentBox(page).click();
    await submitLogin(page);
    await page.getByText(LOGIN_FAILED_PASSWORD).waitFor();

    await page.getByPlaceholder(PASSWORD_PLACEHOLDER).fill(PASSWORD);
    await submitLogin(page);
    await waitForRoute(page, '/pages/me/index');
    await expect.poll(() => page.getByTestId('me-mobile').textContent()).toBe(maskTaiwanMobile(MOBILE));
    await page.locator('.me-menu').getByText(ME_MENU_EDIT_PASSWORD).waitFor();
    t.assertNoConsoleErrors();
  });

  it('shows the personal data held about the user (PDPA access)', async () => {
    const page = t.page;
    await page.locator('.me-menu').getByText(ME_MENU_MY_DATA).click();
    const sheet = page.getByRole('region', { name: ME_MENU_MY_DATA });
    await sheet.getByText(MY_DATA_INTRO).waitFor();
    await sheet.getByText(DATA_LIST.mobile).waitFor();
    await sheet.getByText(maskTaiwanMobile(MOBILE)).waitFor();
    await sheet.getByText(DATA_LIST.passwordSet).waitFor();
    await screenshot(page, 'my-data-popup');
    await page.locator('.adm-popup-close-icon').click();
    await sheet.waitFor({ state: 'hidden' });
    t.assertNoConsoleErrors();
  });

  it('changes the password with the old one, then with a code sent to the own number', async () => {
    const page = t.page;
    await page.locator('.me-menu').getByText(ME_MENU_EDIT_PASSWORD).click();
    const form = page.getByRole('form', { name: ME_MENU_EDIT_PASSWORD });
    await form.getByPlaceholder(PASSWORD_OLD_PLACEHOLDER).fill('Wrong2025x');
    await form.getByPlaceholder(PASSWORD_NEW_PLACEHOLDER).fill(SECOND_PASSWORD);
    await form.getByPlaceholder(PASSWORD_REPEAT_PLACEHOLDER).fill(SECOND_PASSWORD);
    await form.getByRole('button', { name: SUBMIT }).click();
    await page.getByText(PASSWORD_OLD_WRONG).waitFor();
    await form.getByPlaceholder(PASSWORD_OLD_PLACEHOLDER).fill(PASSWORD);
    await form.getByRole('button', { name: SUBMIT }).click();
    await page.getByText(PASSWORD_CHANGED).waitFor();
    await form.waitFor({ state: 'detached' });

    await page.locator('.me-menu').getByText(ME_MENU_EDIT_PASSWORD).click();
    await form.getByText(PASSWORD_BY_CODE).click();
    await form.getByText(codeGoesTo(maskTaiwanMobile(MOBILE))).waitFor();
    await form.getByPlaceholder(MOBILE_PLACEHOLDER).fill(MOBILE);
    const sentAfter = Date.now() - 1000;
    await form.getByRole('button', { name: GET_CODE }).click();
    const code = await latestCode(suite.server.baseUrl, MOBILE, sentAfter);
    await form.getByPlaceholder(CODE_PLACEHOLDER).fill(code);
    await form.getByPlaceholder(PASSWORD_NEW_PLACEHOLDER).fill(PASSWORD);
    await form.getByPlaceholder(PASSWORD_REPEAT_PLACEHOLDER).fill(PASSWORD);
    await form.getByRole('button', { name: SUBMIT }).click();
    await page.getByText(PASSWORD_CHANGED).waitFor();
    await form.waitFor({ state: 'detached' });
    t.assertNoConsoleErrors();
  });

  it('spells out what deletion does, deletes with a code, and the number then registers as a new user', async () => {
    const page = t.page;
    const before = (await storedJson(page, 'loginInfo')) as { userId: string };
    await page.locator('.me-menu').getByText(ME_MENU_DESTROY).click();
    const form = page.getByRole('form', { name: ME_MENU_DESTROY });
    for (const line of DESTROY_CONSEQUENCES) await form.getByText(line).waitFor();
    await form.getByText(codeGoesTo(maskTaiwanMobile(MOBILE))).waitFor();
    await screenshot(page, 'destroy-popup');

    await form.getByRole('button', { name: DESTROY_SUBMIT }).click();
    await form.getByRole('alert').filter({ hasText: CODE_REQUIRED }).waitFor();

    await form.getByPlaceholder(MOBILE_PLACEHOLDER).fill(MOBILE);
    const sentAfter = Date.now() - 1000;
    await form.getByRole('button', { name: GET_CODE }).click();
    const code = await latestCode(suite.server.baseUrl, MOBILE, sentAfter);
    await form.getByPlaceholder(CODE_PLACEHOLDER).fill(code);
    await form.getByRole('button', { name: DESTROY_SUBMIT }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText(DESTROY_FINAL_CONFIRM).waitFor();
    await dialog.getByRole('button', { name: DESTROY_SUBMIT }).click();

    await page.getByText(DESTROY_DONE).waitFor();
    await page.getByText(ME_LOGIN_PROMPT).waitFor();
    expect(await storedJson(page, 'token')).toBeNull();
    await screenshot(page, 'me-after-destroy');

    await page.getByRole('button', { name: ME_LOGIN_BUTTON }).click();
    await waitForRoute(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, MOBILE);
    await waitForRoute(page, '/pages/me/index');
    await page.locator('.me-menu').getByText(ME_MENU_SET_PASSWORD).waitFor();
    await page.getByText(progressCount(0, 5)).waitFor();
    const after = (await storedJson(page, 'loginInfo')) as { userId: string };
    expect(after.userId).not.toBe(before.userId);
    t.assertNoConsoleErrors();
  });
});
