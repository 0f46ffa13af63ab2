import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_APR_PROMISE,
  CAMPAIGN_BENEFITS,
  CAMPAIGN_NO_DEDUCTION,
  CODE_PLACEHOLDER,
  CODE_SENT,
  DOC_PRIVACY_POLICY,
  DOC_USER_AGREEMENT,
  GET_CODE,
  MOBILE_PLACEHOLDER,
  ME_LOGIN_BUTTON,
  ME_MENU_AGREEMENT,
  ME_MENU_FAQ,
  resendIn,
} from '@app/contract/messages/accounts.ts';
import { BACK, RETRY, SUBMIT, TAB_ME } from '@app/contract/messages/app-shell.ts';
import {
  FAQ_NO_RESULT,
  FAQ_SEARCH_PLACEHOLDER,
  FEEDBACK_FORM_TITLE,
  FEEDBACK_LOGIN_HINT,
  FEEDBACK_PLACEHOLDER,
  FEEDBACK_SENT,
  FEEDBACK_TOO_SHORT,
  MINE_TITLE,
  QUESTION_HAS_IMAGE,
  QUESTION_STATE_LABELS,
} from '@app/contract/messages/help-center.ts';
import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { goTo, launch, waitForAppIdle } from '../support/app.ts';
import { useE2ESuite } from '../support/suite.ts';
import { consentBox, latestCode, loginWithCode, screenshot, storedJson, submitLogin, waitForRoute } from './accounts-helpers.ts';

/** A 1x1 PNG: the upload path checks the bytes, not the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const suite = useE2ESuite();

describe('account pages', () => {
  it('opens the user agreement and the privacy policy from the login form, before any login', async () => {
    const t = await suite.browser.newPage();
    const page = t.page;
    await launch(page, '/pages/login/index');
    await screenshot(page, 'login');
    await page.getByRole('link', { name: `《${DOC_USER_AGREEMENT}》` }).click();
    await waitForRoute(page, '/pages/agreement');
    const article = page.locator('article.agreement-document');
    await expect.poll(() => article.getAttribute('aria-label')).toBe(DOC_USER_AGREEMENT);
    await article.getByText('第一條 服務內容').waitFor();
    await screenshot(page, 'agreement');

    await page.getByRole('tab', { name: DOC_PRIVACY_POLICY }).click();
    await expect.poll(() => article.getAttribute('aria-label')).toBe(DOC_PRIVACY_POLICY);
    expect(await page.evaluate(() => window.location.hash)).toBe('#/pages/agreement?key=privacy_policy');
    // The tabs as WAI-ARIA's pattern has them: the arrow keys move the choice and the focus, the panel is named by its tab.
    await page.getByRole('tab', { name: DOC_PRIVACY_POLICY, selected: true }).press('ArrowLeft');
    await expect.poll(() => article.getAttribute('aria-label')).toBe(DOC_USER_AGREEMENT);
    await page.getByRole('tabpanel', { name: DOC_USER_AGREEMENT }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(DOC_USER_AGREEMENT);
    await page.getByRole('tab', { name: DOC_USER_AGREEMENT, selected: true }).press('ArrowRight');
    await expect.poll(() => article.getAttribute('aria-label')).toBe(DOC_PRIVACY_POLICY);
    expect(await storedJson(page, 'token')).toBeNull();

    await page.getByRole('button', { name: BACK }).click();
    await waitForRoute(page, '/pages/login/index');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows a refused document once, as the page's empty state, without an extra toast", async () => {
    const t = await suite.browser.newPage();
    const refusal = '文件更新中，請稍後再看';
    await launch(t.page);
    await suite.server.setFault('/api/v3/common/document', { kind: 'envelope', status: 500, message: refusal });
    await goTo(t.page, '/pages/agreement');
    await t.page.locator('.empty-state', { hasText: refusal }).waitFor();
    // Give a toast (loaded with its own chunk) every chance to appear before checking it did not.
    await waitForAppIdle(t.page);
    await t.page.waitForTimeout(1_000);
    expect(await t.page.locator('.adm-toast-main').count()).toBe(0);
    expect(await t.page.getByText(refusal).count()).toBe(1);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('shows the agreements from the me tab when logged out', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page);
    await t.page.locator('.adm-tab-bar-item', { hasText: TAB_ME }).click();
    await t.page.getByText(ME_MENU_AGREEMENT, { exact: true }).click();
    await waitForRoute(t.page, '/pages/me/agreement');
    await expect.poll(() => t.page.locator('article.agreement-document').getAttribute('aria-label')).toBe(DOC_USER_AGREEMENT);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('searches the FAQ, then logs in from it, sends feedback with a screenshot and sees it listed', async () => {
    const t = await suite.browser.newPage();
    const page = t.page;
    await launch(page);
    await page.locator('.adm-tab-bar-item', { hasText: TAB_ME }).click();
    await page.getByText(ME_MENU_FAQ).click();
    await waitForRoute(page, '/pages/me/question');
    await page.getByRole('region', { name: '申請資格' }).waitFor();
    await page.getByText(FEEDBACK_LOGIN_HINT).waitFor();
    await screenshot(page, 'faq-logged-out');

    const search = page.getByPlaceholder(FAQ_SEARCH_PLACEHOLDER);
    await search.fill('展期');
    await search.press('Enter');
    await page.getByText('誰可以申請小額貸款？').waitFor({ state: 'detached' });
    await page.getByText('到期還不出來，可以展期嗎？').click();
    await page.locator('.faq-answer').first().waitFor();
    await search.fill('完全不相干的字');
    await search.press('Enter');
    await page.getByText(FAQ_NO_RESULT).waitFor();

    await page.getByRole('button', { name: ME_LOGIN_BUTTON }).click();
    await waitForRoute(page, '/pages/login/index');
    const mobile = '0987650002';
    await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill(mobile);
    const sentAfter = Date.now() - 1000;
    await page.getByRole('button', { name: GET_CODE }).click();
    await page.getByText(CODE_SENT).waitFor();
    const countdown = page.locator('.code-send-button');
    await expect.poll(() => countdown.textContent()).toMatch(/^\d+ 秒後重新獲取$/);
    const left = Number.parseInt((await countdown.textContent()) ?? '', 10);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60);
    expect(await countdown.textContent()).toBe(resendIn(left));
    expect(await countdown.isDisabled()).toBe(true);
    await page.getByPlaceholder(CODE_PLACEHOLDER).fill(await latestCode(suite.server.baseUrl, mobile, sentAfter));
    await consentBox(page).click();
    await submitLogin(page);
    await waitForRoute(page, '/pages/me/question');

    const form = page.getByRole('form', { name: FEEDBACK_FORM_TITLE });
    await form.getByPlaceholder(FEEDBACK_PLACEHOLDER).fill('太短');
    await form.getByRole('button', { name: SUBMIT }).click();
    await form.getByRole('alert').filter({ hasText: FEEDBACK_TOO_SHORT }).waitFor();

    const content = '還款後多久可以再次申請？謝謝';
    await form.getByPlaceholder(FEEDBACK_PLACEHOLDER).fill(content);
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/v3/upload/image'));
    await form.locator('input[type="file"]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await uploaded;
    await form.locator('.adm-image-uploader-cell-mask').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: SUBMIT }).click();
    await page.getByText(FEEDBACK_SENT).waitFor();

    const mine = page.locator('.my-questions');
    await mine.getByText(MINE_TITLE).waitFor();
    const item = mine.locator('.adm-list-item', { hasText: content });
    await item.getByText(QUESTION_STATE_LABELS.open).waitFor();
    await item.getByText(QUESTION_HAS_IMAGE).waitFor();
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'faq-logged-in');
    t.assertNoConsoleErrors();
    await t.close();
  });

  it("shows who-am-i's failure on the me tab with a retry that recovers", async () => {
    const t = await suite.browser.newPage();
    const page = t.page;
    const mobile = '0987650004';
    await launch(page);
    await page.locator('.adm-tab-bar-item', { hasText: TAB_ME }).click();
    await page.getByRole('button', { name: ME_LOGIN_BUTTON }).click();
    await waitForRoute(page, '/pages/login/index');
    await suite.server.setFault('/api/v3/user/queryCashUser', { kind: 'envelope', status: 500, message: '系統維護中' });
    await loginWithCode(page, suite.server.baseUrl, mobile);
    await waitForRoute(page, '/pages/me/index');
    await page.getByText('系統維護中').waitFor();
    await page.getByText(SERVER_ERROR).waitFor();
    await screenshot(page, 'me-error');
    await page.getByRole('button', { name: RETRY }).click();
    await expect.poll(() => page.getByTestId('me-mobile').textContent()).toBe(maskTaiwanMobile(mobile));
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('opens the campaign landing from an ad link, keeps the campaign, and logs in to the loans tab', async () => {
    const t = await suite.browser.newPage();
    const page = t.page;
    // The shell's launch rule opens the loans tab for any logged-out address but login's,
    // so the landing is opened in-app after an ad-link launch.
    await launch(page, '/pages/loans/index', '?type=fb_spring&campaign=a1');
    await goTo(page, '/pages/login/moduleB');
    await page.getByText(CAMPAIGN_APR_PROMISE).waitFor();
    await page.getByText(CAMPAIGN_NO_DEDUCTION).waitFor();
    for (const benefit of CAMPAIGN_BENEFITS) await page.getByText(benefit.title, { exact: true }).waitFor();
    expect(await page.locator('.campaign-product').textContent()).toBe('小安貸');
    expect(await storedJson(page, 'urlData')).toEqual({ type: 'fb_spring', campaign: 'a1' });
    await screenshot(page, 'module-b');

    await loginWithCode(page, suite.server.baseUrl, '0987650003');
    await waitForRoute(page, '/pages/loans/index');
    expect(await storedJson(page, 'token')).toEqual(expect.any(String));
    t.assertNoConsoleErrors();
    await t.close();
  });
});
