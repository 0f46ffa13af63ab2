import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOME_APPLY, HOME_POPUP_CLOSE } from '@app/contract/messages/loan-home.ts';
import {
  APPLY_AMOUNT,
  APPLY_AMOUNT_INCREASE,
  APPLY_CARD_CHOOSE,
  PRODUCT_CHOOSE,
  QUOTE_APR,
  SIGNATURE_CONFIRM,
  SIGNATURE_EMPTY,
  SIGN_BUTTON,
  TIPS_CONFIRM,
  TIPS_TITLE,
} from '@app/contract/messages/loan-pages.ts';
import { RETRY, TAB_LOANS } from '@app/contract/messages/app-shell.ts';
import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { clickBack, goTo, launch, reloadApp } from '../support/app.ts';
import { expectNoSeriousAxeFindings } from '../support/axe.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { loginWithCode, storedJson, waitForRoute } from './accounts-helpers.ts';
import { onboardBorrower } from './borrower-helpers.ts';

/**
 * The loan journey in the browser against the real server: a new user whose onboarding
 * was saved through the protocol (steps 3 and 5 recorded, onboardBorrower) goes from the
 * loans home through 立即申請, the product list, applyFor (a changed amount re-quoted,
 * the APR shown; a reload resumes the choices from applyInfo), the statements, the
 * contract (scrolled to its end), a handwritten signature, and sees the order 審核中,
 * then 待還款 once the sandbox has paid out. The decision waits long enough for 審核中 to
 * be seen; the page's own polling shows the rest.
 */
const MOBILE = '0987650707';
const suite = useE2ESuite({ env: { DECISION_DELAY_MS: '4000', PAYOUT_SANDBOX_DELAY_MS: '1000' } });
const t = usePagePerFile(suite);

/**
 * A screenshot once toasts have gone (toasts are checked by the test itself), and
 * axe-core's serious and critical findings on the page as it is (none allowed).
 */
async function shot(page: Page, name: string): Promise<void> {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `loan-${name}.png`) });
  await expectNoSeriousAxeFindings(page, name);
}

/** Dark pixels on the signature canvas (the pen is near black on white). */
function inkedPixels(page: Page): Promise<number> {
  return page.getByTestId('signature-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
    return dark;
  });
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

interface ApplyInfo {
  productId?: string;
  amount?: number;
  term?: number;
  purpose?: string;
  requestId?: string;
  orderId?: string;
}

describe('the loans home for a visitor', () => {
  it('says when its data did not load and loads it again on 重試; 立即申請 asks to log in first, then goes on into the application', async () => {
    const v = await suite.browser.newPage();
    await suite.server.setFault('/api/v3/loan/common/index', { kind: 'envelope', status: 500, message: '系統維護中' });
    await launch(v.page, '/pages/loans/index');
    await v.page.getByText(SERVER_ERROR).waitFor();
    await v.page.getByRole('button', { name: RETRY }).click();
    await v.page.getByTestId('home-max-amount').waitFor();
    await v.page.getByRole('button', { name: HOME_APPLY }).click();
    await v.page.waitForFunction(() => window.location.hash === '#/pages/login/index?redirect=%2Fpages%2Floans%2FapplyFor');
    v.assertNoConsoleErrors();
    await v.close();
  });
});

describe('the loan journey', () => {
  it('home → 立即申請 → product → applyFor (re-quoted, resumed after a reload) → statements → contract → signature → 審核中 → 待還款', async () => {
    const page = t.page;
    await launch(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, MOBILE);
    await waitForRoute(page, '/pages/loans/index');
    await onboardBorrower(page, suite.server.baseUrl, { name: '林美華', idNumber: 'B223456782' });

    // A fresh load of the home: the daily popup first, then the amount card.
    await launch(page, '/pages/loans/index');
    const popupClose = page.getByRole('button', { name: HOME_POPUP_CLOSE });
    await popupClose.waitFor();
    await shot(page, 'home-popup');
    // Leaving the home with the popup open takes it away with the page: nothing is left over
    // the next page, whose controls answer; not closed by the borrower, it is not recorded as
    // seen, so the next visit shows it again.
    await goTo(page, '/pages/me/index');
    await page.locator('.home-popup').waitFor({ state: 'detached' });
    await page.locator('.tab-bar .adm-tab-bar-item', { hasText: TAB_LOANS }).click();
    await waitForRoute(page, '/pages/loans/index');
    expect(await page.locator('.home-popup').count()).toBe(0);
    await reloadApp(page);
    await popupClose.waitFor();
    await popupClose.click();
    await popupClose.waitFor({ state: 'detached' });
    expect(await text(page, 'home-max-amount')).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(await text(page, 'home-apr-line')).toContain('16%');
    await shot(page, 'home');

    // Two products: 立即申請 (loan/check says apply) opens the list.
    await page.getByRole('button', { name: HOME_APPLY }).click();
    await waitForRoute(page, '/pages/loans/productList');
    const choose = page.getByRole('button', { name: PRODUCT_CHOOSE });
    await expect.poll(() => choose.count()).toBeGreaterThan(1);
    await shot(page, 'product-list');
    await choose.first().click();
    await waitForRoute(page, '/pages/loans/applyFor');

    // The quote follows the amount; nothing is deducted; the APR with its footnote.
    const principal = page.getByTestId('quote-principal');
    await principal.waitFor();
    const before = (await principal.textContent()) ?? '';
    const amountBefore = Number(before.replace(/\D/g, ''));
    expect(amountBefore).toBeGreaterThan(0);
    // It starts at a modest amount (never the maximum): raised by two steps.
    const increase = page.getByRole('button', { name: APPLY_AMOUNT_INCREASE });
    const shownAmount = async () => Number(((await text(page, 'apply-amount')) ?? '').replace(/\D/g, ''));
    await increase.click();
    await expect.poll(shownAmount).toBeGreaterThan(amountBefore);
    const step = (await shownAmount()) - amountBefore;
    await increase.click();
    await expect.poll(shownAmount).toBe(amountBefore + 2 * step);
    const amount = amountBefore + 2 * step;
    const changed = (await text(page, 'apply-amount')) ?? '';
    // The slider is the browser's own range input: named, read as the amount, moved by the arrow keys one step at a time.
    const slider = page.getByRole('slider', { name: APPLY_AMOUNT });
    expect(await slider.getAttribute('aria-valuetext')).toBe(changed);
    await slider.press('ArrowLeft');
    await expect.poll(shownAmount).toBe(amount - step);
    await slider.press('ArrowRight');
    await expect.poll(shownAmount).toBe(amount);
    expect(await slider.getAttribute('aria-valuetext')).toBe(changed);
    // The quote follows the last tap (the first tap's answer may land in between).
    await expect.poll(() => principal.textContent()).toBe(changed);
    await expect.poll(() => text(page, 'quote-received')).toBe(changed);
    expect(await text(page, 'quote-apr')).toMatch(/^\d+\.\d{2}%$/);
    expect(await text(page, 'quote-apr-footnote')).toContain(QUOTE_APR);
    await page.getByTestId('apply-purpose').getByText('醫療支出').click();
    await expect.poll(async () => ((await storedJson(page, 'applyInfo')) as ApplyInfo | null)?.purpose).toBe('medical');
    // The receiving account: its choice opens over the page on the first tap (its code fetched then), the bound card in it.
    const cardRow = page.getByTestId('apply-card');
    const cardShown = ((await cardRow.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(cardShown).toContain('****1234');
    await cardRow.click();
    const choice = page.locator('.card-popup');
    await choice.getByRole('heading', { name: APPLY_CARD_CHOOSE }).waitFor();
    await choice.getByText('****1234').click();
    await choice.waitFor({ state: 'hidden' });
    expect(((await cardRow.textContent()) ?? '').replace(/\s+/g, ' ')).toBe(cardShown);
    // Measured as the borrower reads it: the quote in place, not dimmed while it updates.
    await expect.poll(() => page.getByTestId('quote-panel').getAttribute('aria-busy')).toBe('false');
    await shot(page, 'apply-for');

    // A reload resumes the application in progress from applyInfo. loan/check and
    // loan/init leave together: init is asked while check (held back here) is unanswered.
    await suite.server.setFault('/api/v3/loan/check', { kind: 'delay', ms: 1500 });
    const exchanges: string[] = [];
    const watched = new Set(['/api/v3/loan/check', '/api/v3.1/loan/init']);
    const onRequest = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (watched.has(pathname)) exchanges.push(`asked ${pathname}`);
    };
    const onResponse = (response: { url(): string }) => {
      const { pathname } = new URL(response.url());
      if (watched.has(pathname)) exchanges.push(`answered ${pathname}`);
    };
    page.on('request', onRequest);
    page.on('response', onResponse);
    await page.reload();
    await page.getByTestId('quote-principal').waitFor();
    page.off('request', onRequest);
    page.off('response', onResponse);
    expect(exchanges).toContain('asked /api/v3.1/loan/init');
    expect(exchanges.indexOf('asked /api/v3.1/loan/init')).toBeLessThan(exchanges.indexOf('answered /api/v3/loan/check'));
    await expect.poll(() => text(page, 'apply-amount')).toBe(changed);
    await expect.poll(() => text(page, 'quote-principal')).toBe(changed);
    expect(await page.locator('[data-testid="apply-purpose"] .adm-selector-item-active').textContent()).toBe('醫療支出');

    // 下一步: the statements, then the application (one requestId kept for a retry).
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByText(TIPS_TITLE).waitFor();
    expect(await text(page, 'tips-apr')).toBe(await text(page, 'quote-apr'));
    await shot(page, 'check-tips');
    await page.getByRole('button', { name: TIPS_CONFIRM }).click();
    await waitForRoute(page, '/pages/loans/sign');
    const applied = (await storedJson(page, 'applyInfo')) as ApplyInfo;
    expect(applied.amount).toBe(amount);
    expect(applied.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(applied.orderId).toMatch(/^\d+$/);

    // The contract: 簽署 only once its end has been scrolled to.
    const sign = page.getByRole('button', { name: SIGN_BUTTON });
    await page.getByTestId('contract-frame').waitFor();
    await expect
      .poll(() => page.getByTestId('contract-frame').evaluate((frame: HTMLIFrameElement) => frame.getBoundingClientRect().height))
      .toBeGreaterThan(844);
    expect(await sign.isDisabled()).toBe(true);
    await shot(page, 'sign');
    await page.getByTestId('contract-end').scrollIntoViewIfNeeded();
    await expect.poll(() => sign.isDisabled()).toBe(false);
    await sign.click();
    await waitForRoute(page, '/pages/loans/signature');

    // An empty signature is refused; a drawn one is uploaded and the order submitted.
    const canvas = page.getByTestId('signature-canvas');
    await canvas.waitFor();
    await page.getByRole('button', { name: SIGNATURE_CONFIRM }).click();
    await page.getByText(SIGNATURE_EMPTY).waitFor();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no signature canvas');
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 30; i += 1) await page.mouse.move(box.x + 40 + i * 9, box.y + box.height / 2 + Math.sin(i / 3) * 40);
    await page.mouse.up();
    await shot(page, 'signature');
    // Turned to landscape and back, the signature is redrawn inside the resized canvas.
    const drawn = await inkedPixels(page);
    expect(drawn).toBeGreaterThan(100);
    await page.setViewportSize({ width: 844, height: 390 });
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().height)).toBeLessThan(box.height);
    await expect.poll(() => inkedPixels(page)).toBeGreaterThan(0);
    await shot(page, 'signature-landscape');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => inkedPixels(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: SIGNATURE_CONFIRM }).click();
    await waitForRoute(page, '/pages/loans/success');

    // The order as the page reads it again: 審核中, then paid out by the sandbox.
    const state = page.getByTestId('order-state');
    await expect.poll(() => state.textContent()).toBe('審核中');
    expect(await storedJson(page, 'applyInfo')).toBeNull();
    await shot(page, 'success-reviewing');
    await expect.poll(() => state.textContent(), { timeout: 45_000, interval: 500 }).toBe('待還款');
    expect(await text(page, 'order-next')).toContain('首期還款日');
    await shot(page, 'success');
    // The application is done: back leads home, not to the signed contract again.
    await clickBack(page);
    await waitForRoute(page, '/pages/loans/index');
    t.assertNoConsoleErrors();
    // A whole borrower first (steps 3 and 5 recorded), then the application.
  }, 180_000);
});
