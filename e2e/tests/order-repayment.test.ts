import path from 'node:path';
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { TOAST_COPIED } from '@app/contract/messages/app-shell.ts';
import { DECISION_MANUAL_REVIEW } from '@app/contract/messages/decisions.ts';
import { HOME_APPLY, HOME_POPUP_CLOSE } from '@app/contract/messages/loan-home.ts';
import { PHOTO_PICK_ALBUM } from '@app/contract/messages/onboarding-pages.ts';
import {
  EXTENSION_CONFIRM_OK,
  EXTENSION_CONSENT_REQUIRED,
  MANUAL_DATE,
  MANUAL_LAST5_INVALID,
  MANUAL_LAST5_PLACEHOLDER,
  MANUAL_SUBMIT,
  ORDER_ACTION_CONTRACT,
  ORDER_ACTION_EXTEND,
  extensionOpensText,
  ORDER_ACTION_CANCEL,
  ORDER_ACTION_REPAY,
  ORDER_CANCEL_CONFIRM_KEEP,
  ORDER_CANCEL_CONFIRM_OK,
  ORDER_CANCEL_CONFIRM_TEXT,
  ORDER_CANCELLED,
  ORDER_DETAIL_CREDIT_KEPT,
  ORDER_DETAIL_CREDIT_REFUNDED,
  ORDER_LIST_APPLY,
  ORDER_LIST_EMPTY,
  ORDER_LIST_EMPTY_TAB,
  ORDER_LIST_NO_MORE,
  PAYMENT_STATE_TEXTS,
  WEB_VIEW_REFUSED,
} from '@app/contract/messages/order-pages.ts';
import { SANDBOX_PAY } from '@app/contract/messages/repayments.ts';
import type { TLoanApplyResponse, TLoanInitResponse } from '@app/contract/schemas/loans.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { TPaymentResponse } from '@app/contract/schemas/repayments.ts';
import { PATHS } from '@app/contract/paths.ts';
import { decodeEnvelope } from '@app/contract/wire.ts';
import { clickBack, launch, setToken } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { FAST_JOBS_ENV } from '../support/server.ts';
import { useE2ESuite, usePagePerFile } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { cardJpeg, choosePhoto, formRow } from './onboarding-helpers.ts';
import { onboardBorrower, randomMobile, signaturePng, type PageApi } from './borrower-helpers.ts';

/**
 * Repaying and extending as a new borrower would, against the real server: the order is
 * made through the real paths (onboarding, apply, sign, confirm; the decision and the
 * sandbox payout run as jobs) until it is 待還款; then, in the browser, the order list,
 * its detail, the pay page, a store code issued and paid at the sandbox's store counter,
 * and the order 已結清; and a single-repayment order extended, its new due date shown.
 */
// The NT$50,000 loan of the payoff in parts goes out without a finance release (decision 0148;
// releases are admin-payouts.test.ts's): this file is about repaying.
const suite = useE2ESuite({ env: FAST_JOBS_ENV });
const t = usePagePerFile(suite);
/** A journey makes a borrower and an order first, then follows the money through the jobs and the sandbox. */
const JOURNEY_TIMEOUT_MS = 180_000;

async function shot(page: Page, name: string): Promise<void> {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `order-${name}.png`), fullPage: false });
}

async function uploadPng(page: Page, bytes: Buffer): Promise<string> {
  const token = JSON.parse((await page.evaluate(() => window.localStorage.getItem('token'))) ?? '""') as string;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'signature.png');
  const { cipherKey } = await page.evaluate(() => (window as unknown as { __APP_CONFIG__: { cipherKey: string } }).__APP_CONFIG__);
  const answer = await fetch(`${suite.server.baseUrl}${PATHS.uploadImage.path}`, { method: 'POST', body: form, headers: { token } });
  const envelope = decodeEnvelope(await answer.text(), createBrowserCipher(cipherKey));
  return (envelope.body as { key: string }).key;
}

/** A new borrower logged in on `page`, onboarding complete (steps 3 and 5 recorded: onboardBorrower), no order yet. */
async function newBorrower(page: Page): Promise<PageApi> {
  await launch(page, '/pages/login/index');
  await loginWithCode(page, suite.server.baseUrl, randomMobile());
  await waitForRoute(page, '/pages/loans/index');
  // The home's popup of the day (seeded), closed once as a person would; it does not come back today.
  await page.getByRole('button', { name: HOME_POPUP_CLOSE }).click({ timeout: 15_000 });
  return onboardBorrower(page, suite.server.baseUrl);
}

/** An order applied for through loan/apply (待簽約, not signed): single-repayment, or equal instalments for `amount`; its id. */
async function appliedOrder(api: PageApi, amount?: number): Promise<string> {
  const init = (await api.call(ENDPOINTS.loanInitV31, {})) as TLoanInitResponse;
  // A larger amount than the single-repayment product lends is an equal-instalment loan.
  const product =
    amount === undefined
      ? init.products.find((p) => p.method === 'singleRepayment' && p.extension !== null)
      : init.products.find((p) => p.method === 'equalInstalments' && p.amountMin <= amount && amount <= p.amountMax);
  if (!product) throw new Error('no seeded product lends this');
  const [card] = init.bankCards;
  const [purpose] = init.purposes;
  if (!card || !purpose) throw new Error('no bank card or purpose to apply with');
  const applied = (await api.call(ENDPOINTS.loanApply, {
    requestId: `e2e${randomInt(1e9, 9e9)}`,
    productId: product.id,
    amount: amount ?? product.amountMin,
    term: product.terms[0],
    bankCardId: card.id,
    purpose: purpose.code,
  })) as TLoanApplyResponse;
  return applied.orderId;
}

/**
 * A single-repayment order paid out (待還款), made through the real paths: apply, sign,
 * confirm; the decision and the sandbox payout are the server's own jobs.
 */
async function repayingOrder(api: PageApi, page: Page, amount?: number): Promise<string> {
  const orderId = await appliedOrder(api, amount);
  const signatureImageKey = await uploadPng(page, await signaturePng(page));
  await api.call(ENDPOINTS.contractAdd, { orderId, signatureImageKey });
  await api.call(ENDPOINTS.loanConfirm, { orderId });
  await expect
    .poll(async () => ((await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse).order.state, {
      timeout: 30_000,
      interval: 300,
    })
    .toBe('待還款');
  return orderId;
}

async function borrowerWithRepayingOrder(page: Page, amount?: number): Promise<{ api: PageApi; orderId: string }> {
  const api = await newBorrower(page);
  return { api, orderId: await repayingOrder(api, page, amount) };
}

/**
 * The store counter of the sandbox, opened from the pay page's own link (the API names it
 * outside production): the clerk looks the code up and takes the money; the page then
 * shows the server's acknowledgement of the gateway notification it sent.
 */
async function payAtSandboxCounter(page: Page, code: string): Promise<void> {
  // The link opens a tab of its own; the test opens its address in one (no popup race
  // with the pay page re-reading the order every few seconds).
  const href = await page.getByTestId('issued-payment').first().getByTestId('issued-sandbox').getAttribute('href');
  expect(href).toMatch(/\/sandbox\/(cvs|atm)\?code=/);
  const counter = await page.context().newPage();
  await counter.goto(href!);
  await counter.locator('input[name="amount"]').waitFor();
  expect(await counter.locator('input[name="code"]').first().inputValue()).toBe(code);
  await counter.getByRole('button', { name: SANDBOX_PAY }).click();
  await counter.locator('#result').waitFor();
  expect(await counter.locator('#result').textContent()).toContain('HTTP 200');
  await counter.close();
}

describe('repaying an order in the browser', () => {
  it(
    'a new borrower opens the order list, the detail and the pay page, issues a store code, pays it at the sandbox counter and sees the order 已結清',
    async () => {
      const page = t.page;
      const { api, orderId } = await borrowerWithRepayingOrder(page);
      // A virtual account asked for earlier and never paid: once the order is settled it must not be paid.
      const earlier = (await api.call(ENDPOINTS.repayCollect, {
        requestId: `e2e${randomInt(1e9, 9e9)}`,
        orderId,
        kind: 'nextInstalment',
        channel: 'atm',
      })) as TPaymentResponse;

      await launch(page, '/pages/order/index');
      const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
      await card.waitFor();
      expect(await card.getByTestId('order-state').textContent()).toBe('待還款');
      expect(await card.getByTestId('order-card-due').textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      await shot(page, 'list');

      await card.click();
      await waitForRoute(page, '/pages/order/detail');
      await page.getByTestId('order-instalments').waitFor();
      expect(await page.getByTestId('order-instalment').first().getAttribute('data-state')).toBe('unpaid');
      await shot(page, 'detail');

      await page.getByTestId('order-actions').getByRole('button', { name: ORDER_ACTION_REPAY }).click();
      await waitForRoute(page, '/pages/order/pay');
      await page.getByTestId('repay-panel').waitFor();
      await page.getByTestId('choice-payoff').locator('.adm-radio').click();
      await page.getByTestId('payoff-breakdown').waitFor();
      // Dates and money read as everywhere else: 2026/11/24, NT$ with a no-break space.
      expect(await page.getByTestId('payoff-breakdown').textContent()).toMatch(
        /利息計算至 \d{4}\/\d{2}\/\d{2} · 本金\u00a0NT\$\u00a0[\d,]+ · 利息\u00a0NT\$\u00a0[\d,]+/,
      );
      // Each part (利息 NT$ 0) on one line at 390 px: the line breaks between parts, never inside one.
      const partLines = await page
        .getByTestId('payoff-breakdown')
        .locator('.part-list-item')
        .evaluateAll((parts) => parts.map((part) => part.getClientRects().length));
      expect(partLines.length).toBeGreaterThanOrEqual(3);
      expect(new Set(partLines)).toEqual(new Set([1]));
      await page.getByTestId('channel-cvs').locator('.adm-radio').click();
      await shot(page, 'pay-choices');
      await page.getByTestId('issue-payment').click();

      const codeCell = page.getByTestId('issued-store-code');
      await codeCell.waitFor();
      const code = (await codeCell.textContent()) ?? '';
      expect(code).toMatch(/^[A-Z0-9]{14}$/);
      expect(await page.getByTestId('issued-countdown').first().textContent()).toMatch(/小時/);
      await page.getByTestId('issued-payment').getByRole('button', { name: '複製' }).first().click();
      await page.getByText(TOAST_COPIED).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await shot(page, 'pay-issued');

      await payAtSandboxCounter(page, code);
      await expect.poll(() => page.getByTestId('issued-payment').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('paid');
      await expect
        .poll(() => page.getByTestId('order-summary').getByTestId('order-state').textContent(), { timeout: 20_000 })
        .toBe('已結清');
      await shot(page, 'pay-paid');

      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      const earlierRow = page.locator(`[data-testid="order-payment"][data-payment-id="${earlier.payment.id}"]`);
      await expect.poll(() => earlierRow.getByTestId('order-payment-state').textContent()).toBe(PAYMENT_STATE_TEXTS.notNeeded);
      expect(await earlierRow.textContent()).not.toContain(earlier.payment.virtualAccount?.account ?? 'no account');
      await shot(page, 'detail-settled');

      await launch(page, '/pages/order/index?state=已結清');
      await page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).waitFor();
      expect(await page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).getByTestId('order-state').textContent()).toBe(
        '已結清',
      );
      await shot(page, 'list-settled');
      t.assertNoConsoleErrors();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a borrower extends a single-repayment order after an explicit consent and sees the new due date',
    async () => {
      const other = await suite.browser.newPage();
      const page = other.page;
      const { api, orderId } = await borrowerWithRepayingOrder(page);
      // An extension is asked for in the days before the due date: the server's clock moves to 5 days before it.
      const { order } = (await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse;
      // On the payout day 展期 does not look tappable: it says from when it can be asked for.
      expect(order.extensionOpensOn).not.toBeNull();
      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      const extend = page.getByTestId('order-extend');
      await extend.waitFor();
      expect(await extend.isDisabled()).toBe(true);
      expect(await page.getByTestId('order-extension-opens').textContent()).toBe(
        extensionOpensText(order.extensionOpensOn!.replaceAll('-', '/')),
      );
      await shot(page, 'detail-extension-not-yet');
      const dueAt = Date.parse(`${order.nextDueDate ?? ''}T12:00:00+08:00`);
      await suite.server.setClockOffset(dueAt - 5 * 86_400_000 - Date.now());
      // A fresh start of the app on that day (the detail above was read on the payout day).
      await page.reload();

      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      const due = page.getByTestId('order-due-date');
      await due.waitFor();
      const dueBefore = await due.textContent();
      await page.getByTestId('order-actions').getByRole('button', { name: ORDER_ACTION_EXTEND }).click();
      await waitForRoute(page, '/pages/order/pay');

      const panel = page.getByTestId('extension-panel');
      await panel.waitFor();
      expect(await panel.getAttribute('data-allowed')).toBe('true');
      const newDue = (await page.getByTestId('extension-new-due').textContent()) ?? '';
      expect(newDue > (dueBefore ?? '')).toBe(true);
      // Never pre-selected: the consent starts unticked and submitting without it is refused.
      expect(await page.getByTestId('extension-consent').locator('input').isChecked()).toBe(false);
      await page.getByTestId('channel-cvs').locator('.adm-radio').click();
      await page.getByTestId('extension-submit').click();
      await page.getByText(EXTENSION_CONSENT_REQUIRED).waitFor();
      await shot(page, 'extension-trial');

      await page.getByTestId('extension-consent').click();
      await page.getByTestId('extension-submit').click();
      await page.locator('.adm-dialog-button', { hasText: EXTENSION_CONFIRM_OK }).click();
      const codeCell = page.getByTestId('issued-store-code');
      await codeCell.waitFor();
      await shot(page, 'extension-issued');

      await payAtSandboxCounter(page, (await codeCell.textContent()) ?? '');
      await expect.poll(() => page.getByTestId('issued-payment').first().getAttribute('data-state'), { timeout: 20_000 }).toBe('paid');
      await expect.poll(() => page.getByTestId('order-due-date').textContent(), { timeout: 20_000 }).toBe(newDue);
      // Without a reload, the trial follows: the old offer (its due date, 0 extensions, the ticked consent) is gone.
      // Read without waiting: once paid, the panel may show no consent at all, and a locator's
      // isChecked would wait its whole 30 s for an input that never comes back.
      await expect
        .poll(
          async () =>
            (await page.getByTestId('extension-trial').count()) === 0 ||
            !(await page
              .getByTestId('extension-consent')
              .locator('input')
              .evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).checked))),
        )
        .toBe(true);
      await expect
        .poll(
          async () =>
            (await page.getByTestId('extension-new-due').count()) === 0 ||
            (await page.getByTestId('extension-new-due').textContent()) !== newDue,
        )
        .toBe(true);

      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      await expect.poll(() => page.getByTestId('order-due-date').textContent()).toBe(newDue);
      expect(await page.getByTestId('order-summary').getByTestId('order-state').textContent()).toBe('待還款');
      await shot(page, 'extension-detail');
      await suite.server.setClockOffset(0);
      other.assertNoConsoleErrors();
      await other.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "pays a payoff over the store code's limit in parts, each its own code, the page following every payment without a reload",
    async () => {
      const other = await suite.browser.newPage();
      const page = other.page;
      const { orderId } = await borrowerWithRepayingOrder(page, 50_000);
      await launch(page, `/pages/order/pay?orderId=${orderId}`);
      await page.getByTestId('repay-panel').waitFor();
      const payoffAmount = page.getByTestId('choice-payoff').locator('.choice-card-amount');
      // On the payout day nothing has run: the payoff is the principal.
      expect(await payoffAmount.textContent()).toBe('NT$\u00a050,000');
      await page.getByTestId('choice-payoff').locator('.adm-radio').click();
      await page.getByTestId('channel-cvs').locator('.adm-radio').click();
      expect(await page.getByTestId('payoff-part').textContent()).toContain('本筆 NT$\u00a020,000，繳後尚欠約 NT$\u00a030,000');
      expect(await page.getByTestId('pay-total').textContent()).toBe('繳費金額 NT$\u00a020,000');
      await shot(page, 'pay-in-parts');

      const issueAndPay = async (amount: string, kind = '分次結清') => {
        await page.getByTestId('issue-payment').click();
        // The new code comes first, waiting to be paid (the part paid before it below).
        const issued = page.getByTestId('issued-payment').first();
        await expect.poll(() => issued.getAttribute('data-state')).toBe('pending');
        expect(await issued.getByTestId('issued-amount').textContent()).toBe(amount);
        expect(await issued.getByTestId('issued-kind').textContent()).toBe(kind);
        await payAtSandboxCounter(page, (await issued.getByTestId('issued-store-code').textContent()) ?? '');
        await expect.poll(() => issued.getAttribute('data-state'), { timeout: 20_000 }).toBe('paid');
      };
      await issueAndPay('NT$\u00a020,000');
      // The money landed: the payoff, the next part and what is left follow, without a reload.
      await expect.poll(() => payoffAmount.textContent(), { timeout: 20_000 }).toBe('NT$\u00a030,000');
      await expect.poll(() => page.getByTestId('payoff-part').textContent()).toContain('本筆 NT$\u00a020,000，繳後尚欠約 NT$\u00a010,000');
      await issueAndPay('NT$\u00a020,000');
      await expect.poll(() => payoffAmount.textContent(), { timeout: 20_000 }).toBe('NT$\u00a010,000');
      // What is left fits the channel: an ordinary payoff code for all of it.
      await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('繳費金額 NT$\u00a010,000');
      expect(await page.getByTestId('payoff-part').count()).toBe(0);
      await issueAndPay('NT$\u00a010,000', '提前全部結清');
      await expect
        .poll(() => page.getByTestId('order-summary').getByTestId('order-state').textContent(), { timeout: 20_000 })
        .toBe('已結清');
      await shot(page, 'pay-in-parts-settled');
      // Settled: the detail offers the 結清證明 as a PDF.
      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      await page.getByTestId('settlement-certificate').waitFor();
      await shot(page, 'detail-settled-certificate');
      const [certificate] = await Promise.all([page.waitForEvent('download'), page.getByTestId('settlement-certificate').click()]);
      expect(certificate.suggestedFilename()).toMatch(/^結清證明-.+\.pdf$/);
      const chunks: Buffer[] = [];
      for await (const chunk of await certificate.createReadStream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      other.assertNoConsoleErrors();
      await other.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a new borrower the empty list, then the signed contract with its PDF, a manual transfer 待確認, and the web view (https only), usable at 360 px',
    async () => {
      const other = await suite.browser.newPage({
        allowConsole: [/checkout\.example\.test/, /ERR_NAME_NOT_RESOLVED/, /Failed to load resource/],
      });
      const page = other.page;
      await page.setViewportSize({ width: 360, height: 780 });
      const api = await newBorrower(page);

      await launch(page, '/pages/order/index');
      await page.getByText(ORDER_LIST_EMPTY).waitFor();
      await shot(page, 'list-empty-360');
      await page.getByRole('button', { name: ORDER_LIST_APPLY }).click();
      await waitForRoute(page, '/pages/loans/index');

      const orderId = await repayingOrder(api, page);
      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      await page.getByTestId('order-actions').getByRole('button', { name: ORDER_ACTION_CONTRACT }).click();
      await waitForRoute(page, '/pages/order/contract');
      const frame = page.getByTestId('signed-contract-frame');
      await frame.waitFor();
      await expect.poll(async () => (await frame.contentFrame().locator('body').textContent()) ?? '').toMatch(/借款/);
      await shot(page, 'contract-360');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('contract-download').click()]);
      expect(download.suggestedFilename()).toMatch(/^借款合約-.+\.pdf$/);
      const stream = await download.createReadStream();
      const first = await new Promise<Buffer>((resolve, reject) => {
        stream.once('data', (chunk) => resolve(Buffer.from(chunk)));
        stream.once('error', reject);
      });
      expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await launch(page, `/pages/order/pay?orderId=${orderId}`);
      await page.getByTestId('channel-manual').locator('.adm-radio').click();
      const form = page.getByTestId('manual-transfer');
      await form.waitFor();
      await form.getByRole('button', { name: MANUAL_SUBMIT }).click();
      await page.getByText(MANUAL_LAST5_INVALID).waitFor();
      // The date offered is Taipei's today, whatever the device's zone (this browser has the machine's,
      // UTC here), written as the app writes dates for people (2026/11/30), not 2026-11-30.
      const taipeiToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
      expect(await formRow(page, MANUAL_DATE).textContent()).toContain(taipeiToday.replaceAll('-', '/'));
      await formRow(page, MANUAL_DATE).click();
      await page.locator('.adm-picker-header-button', { hasText: '確定' }).click();
      await form.getByPlaceholder(MANUAL_LAST5_PLACEHOLDER).fill('54321');
      await choosePhoto(page, page.getByTestId('manual-receipt'), PHOTO_PICK_ALBUM, {
        name: 'receipt.jpg',
        mimeType: 'image/jpeg',
        buffer: await cardJpeg(page, '轉帳成功'),
      });
      await expect.poll(() => page.getByTestId('manual-receipt').getAttribute('data-status')).toBe('done');
      await shot(page, 'pay-manual-360');
      await form.getByRole('button', { name: MANUAL_SUBMIT }).click();
      await expect.poll(() => page.getByTestId('issued-payment').first().getAttribute('data-state')).toBe('awaitingConfirmation');
      expect(await page.getByTestId('manual-transfer').count()).toBe(0);
      await shot(page, 'pay-manual-sent-360');
      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      await expect.poll(() => page.getByTestId('order-payment-state').first().textContent()).toBe(PAYMENT_STATE_TEXTS.awaitingConfirmation);

      await launch(page, `/pages/order/webView?url=${encodeURIComponent('http://evil.example/pay')}`);
      await page.getByText(WEB_VIEW_REFUSED).waitFor();
      expect(await page.getByTestId('web-view-frame').count()).toBe(0);
      await shot(page, 'web-view-refused-360');
      const checkout = 'https://checkout.example.test/pay?trade=1';
      await launch(page, `/pages/order/webView?url=${encodeURIComponent(checkout)}&title=${encodeURIComponent('綠界付款')}`);
      await page.getByTestId('web-view-frame').waitFor();
      expect(await page.getByTestId('web-view-frame').getAttribute('src')).toBe(checkout);
      expect(await page.locator('.nav-bar-title').textContent()).toBe('綠界付款');
      await shot(page, 'web-view-360');
      await clickBack(page);
      await page.waitForFunction(() => !window.location.hash.includes('checkout.example.test'));
      other.assertNoConsoleErrors();
      await other.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a borrower cancels an application before its payout, after a confirmation, and may apply again',
    async () => {
      const other = await suite.browser.newPage();
      const page = other.page;
      const api = await newBorrower(page);
      const orderId = await appliedOrder(api);

      await launch(page, `/pages/order/detail?orderId=${orderId}`);
      const cancel = page.getByTestId('order-cancel');
      await cancel.waitFor();
      expect(await cancel.textContent()).toBe(ORDER_ACTION_CANCEL);
      // Keeping the application changes nothing.
      await cancel.click();
      await page.getByText(ORDER_CANCEL_CONFIRM_TEXT).waitFor();
      await shot(page, 'cancel-confirm');
      await page.locator('.adm-dialog-button', { hasText: ORDER_CANCEL_CONFIRM_KEEP }).click();
      await page.getByText(ORDER_CANCEL_CONFIRM_TEXT).waitFor({ state: 'detached' });
      expect(await page.getByTestId('order-summary').getByTestId('order-state').textContent()).toBe('待簽約');

      await cancel.click();
      await page.locator('.adm-dialog-button', { hasText: ORDER_CANCEL_CONFIRM_OK }).click();
      await page.getByText(ORDER_CANCELLED).waitFor();
      await expect.poll(() => page.getByTestId('order-summary').getByTestId('order-state').textContent()).toBe('已取消');
      expect(await page.getByTestId('order-cancel').count()).toBe(0);
      expect(((await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse).order.state).toBe('已取消');
      await shot(page, 'cancelled');

      // No open order left: the home offers a new application.
      await launch(page, '/pages/loans/index');
      await page.getByRole('button', { name: HOME_APPLY }).waitFor();
      other.assertNoConsoleErrors();
      await other.close();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('loads more orders as the list scrolls, keeps the chosen tab in the address, and shows why an extension is refused', async () => {
    const other = await suite.browser.newPage();
    const page = other.page;
    await launch(page);
    await setToken(page);
    const summary = (n: number) => ({
      id: String(100 + n),
      orderNo: `L2026112300${String(100 + n)}`,
      productName: '90 天輕鬆借',
      state: '待還款',
      principal: 3000,
      term: 90,
      termUnit: 'day',
      outstanding: 3089,
      nextDueDate: '2027-02-21',
      nextDueAmount: 3089,
      createdAt: '2026-11-23T02:00:00.000Z',
    });
    const pageOf = (pageNo: number, ids: number[]) => ({ orders: ids.map(summary), page: pageNo, pageSize: 10, total: 13 });
    // The server answers these from its test hooks (a user with 13 orders needs years of loans).
    await suite.server.setFault(PATHS.loanOrderRecord.path, {
      kind: 'envelope',
      status: 200,
      message: '',
      body: pageOf(1, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    });
    await launch(page, '/pages/order/index');
    const cards = page.getByTestId('order-card');
    await expect.poll(() => cards.count()).toBe(10);
    await suite.server.setFault(PATHS.loanOrderRecord.path, { kind: 'envelope', status: 200, message: '', body: pageOf(2, [11, 12, 13]) });
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => cards.count()).toBe(13);
    await page.getByText(ORDER_LIST_NO_MORE).waitFor();

    await suite.server.setFault(PATHS.loanOrderRecord.path, {
      kind: 'envelope',
      status: 200,
      message: '',
      body: { orders: [], page: 1, pageSize: 10, total: 0 },
    });
    await page.getByRole('tab', { name: '已逾期' }).click();
    await page.getByText(ORDER_LIST_EMPTY_TAB).waitFor();
    expect(await page.evaluate(() => decodeURIComponent(window.location.hash))).toBe('#/pages/order/index?state=已逾期');

    const refusal = '已達展期次數上限，請於到期日前還款';
    await suite.server.setFault(PATHS.extensionTrial.path, {
      kind: 'envelope',
      status: 200,
      message: '',
      body: {
        allowed: false,
        refusal,
        accruedInterest: 0,
        fee: 0,
        dueNow: 0,
        currentDueDate: '2027-02-21',
        newDueDate: null,
        extensionsUsed: 2,
        extensionsMax: 2,
        aprPercent: 12.9,
        aprCapPercent: 16,
      },
    });
    const detail = {
      ...summary(1),
      method: 'singleRepayment',
      annualRatePercent: 12,
      aprPercent: 12.03,
      interest: 89,
      fees: [],
      totalRepayment: 3089,
      bankAccount: '臺灣銀行 ****1234',
      purpose: '生活周轉',
      disbursedOn: '2026-11-23',
      instalments: [
        {
          number: 1,
          dueDate: '2027-02-21',
          principal: 3000,
          interest: 89,
          fee: 0,
          overdueInterest: 0,
          total: 3089,
          paid: 0,
          state: 'unpaid',
        },
      ],
      events: [],
      refusalMessage: null,
      coolDownUntil: null,
      contractSigned: true,
      payments: [],
      extensionsUsed: 2,
      actions: { sign: false, cancel: false, repay: true, extend: true, viewContract: true },
    };
    await suite.server.setFault(PATHS.loanOrderDetail.path, { kind: 'envelope', status: 200, message: '', body: { order: detail } }, 5);
    await suite.server.setFault(PATHS.repayChannel.path, {
      kind: 'envelope',
      status: 200,
      message: '',
      body: { channels: [], choices: [] },
    });
    await launch(page, '/pages/order/pay?orderId=101&mode=extend');
    const panel = page.getByTestId('extension-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-allowed')).toBe('false');
    await panel.getByText(refusal).waitFor();
    // The due date reads like every other date: 2027/02/21.
    await panel.getByText('2027/02/21').waitFor();
    expect(await page.getByTestId('extension-submit').count()).toBe(0);
    await shot(page, 'extension-refused');

    // Money that is the borrower's: credit kept from an overpayment, and what was paid back.
    await suite.server.setFault(PATHS.loanOrderDetail.path, {
      kind: 'envelope',
      status: 200,
      message: '',
      body: {
        order: { ...detail, state: '已結清', outstanding: 0, nextDueDate: null, nextDueAmount: 0, creditKept: 1200, creditRefunded: 500 },
      },
    });
    await launch(page, '/pages/order/detail?orderId=101');
    await page.getByTestId('order-credit-kept').waitFor();
    expect(await page.getByTestId('order-credit-kept').textContent()).toBe(`${ORDER_DETAIL_CREDIT_KEPT} NT$\u00a01,200`);
    expect(await page.getByTestId('order-credit-refunded').textContent()).toBe(`${ORDER_DETAIL_CREDIT_REFUNDED} NT$\u00a0500`);
    await shot(page, 'credit-kept-and-refunded');

    // In review by a person (the decision left it to staff): the borrower is told so.
    await suite.server.setFault(
      PATHS.loanOrderDetail.path,
      {
        kind: 'envelope',
        status: 200,
        message: '',
        body: {
          order: {
            ...detail,
            id: '102',
            state: '審核中',
            awaitingStaff: true,
            actions: { ...detail.actions, repay: false, extend: false, cancel: true },
          },
        },
      },
      3,
    );
    await launch(page, '/pages/order/detail?orderId=102');
    await page.getByTestId('order-awaiting-staff').waitFor();
    expect(await page.getByTestId('order-awaiting-staff').textContent()).toBe(DECISION_MANUAL_REVIEW);
    await shot(page, 'awaiting-staff');
    await suite.server.clearFaults();
    other.assertNoConsoleErrors();
    await other.close();
  });
});
