import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN } from '@app/contract/admin/admin-messages.ts';
import { ADMIN_PAGES } from '@app/contract/admin/admin-routes.ts';
import { SERVICE_LINE_ID } from '@app/contract/messages/app-shell.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { peopleDate } from '@app/contract/date-format.ts';
import { HOME_POPUP_CLOSE } from '@app/contract/messages/loan-home.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import { launch } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import {
  ADMIN_DIST,
  createFirstAdministrator,
  createOperator,
  onboardWithCardDifference,
  seedDataDir,
  submittedApplication,
  totpCode,
} from './admin-helpers.ts';
import { apiAsPage, randomMobile, randomNationalId, type PageApi } from './borrower-helpers.ts';

/**
 * The back office as a new operator meets it, at 1440x900 in real Chromium: the first
 * administrator made by `npm run admin:create`, TOTP enrolled from the link's QR page,
 * signed in; the dashboard; an application the engine left to staff approved from the
 * review queue and the borrower's order paid out; the borrower's manual transfer confirmed
 * and the order settled; the borrower found by the order number, their page and the
 * order's; the day's reconciliation; a reviewer added from the console sees neither
 * payments nor settings and the API refuses them.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-admin-'));
let firstEnrolment = '';
/** The configuration journey's own administrator and reviewer, made on the running server as the command makes them. */
let configEnrolment = '';
let reviewerEnrolment = '';
// The first administrator by the documented command, on the stopped server's data folder.
beforeAll(() => {
  seedDataDir(dataDir);
  firstEnrolment = createFirstAdministrator(dataDir, 'boss');
}, 300_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const suite = useE2ESuite({
  env: { DATA_DIR: dataDir, ADMIN_WEB_DIST: ADMIN_DIST, DECISION_DELAY_MS: '100', PAYOUT_SANDBOX_DELAY_MS: '200' },
});
beforeAll(async () => {
  configEnrolment = await createOperator(suite.server, 'carol');
  reviewerEnrolment = await createOperator(suite.server, 'ralph', 'reviewer');
});

const DESKTOP = { width: 1440, height: 900 };
const JOURNEY_TIMEOUT_MS = 240_000;
/** The server's clock moves ahead by whole TOTP steps, so a code's step was never used before. */
let offsetMs = 0;
async function nextTotpStep(): Promise<void> {
  offsetMs += 30_000;
  await suite.server.setClockOffset(offsetMs);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-${name}.png`) });
}

/** The enrolment page: QR and secret shown, password chosen, the first code typed; the recovery codes shown once. */
async function enrol(page: Page, enrolmentPath: string, password: string, name: string): Promise<void> {
  await page.goto(enrolmentPath);
  const secret = (await page.getByTestId('totp-secret').textContent({ timeout: 20_000 }))?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await page.getByRole('img', { name: '兩步驟驗證 QR 碼' }).waitFor();
  await page.getByLabel('密碼', { exact: true }).fill(password);
  await page.getByLabel('再次輸入密碼').fill(password);
  await page.getByLabel('驗證碼').fill(totpCode(secret, offsetMs));
  await shot(page, `${name}-enrol`);
  await page.getByRole('button', { name: '完成啟用' }).click();
  await page.getByText('啟用完成').waitFor();
  expect(await page.getByText(/^[a-z2-9]{5}-[a-z2-9]{5}$/).count()).toBe(10);
  await shot(page, `${name}-recovery-codes`);
  await page.getByRole('button', { name: '我已保存備用碼，前往登入' }).click();
  await page.evaluate((value) => sessionStorage.setItem('e2e-totp-secret', value), secret);
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  const secret = (await page.evaluate(() => sessionStorage.getItem('e2e-totp-secret'))) ?? '';
  await nextTotpStep();
  await page.getByRole('heading', { name: '小安貸 管理後台' }).waitFor();
  await page.getByLabel('帳號').fill(username);
  await page.getByLabel('密碼').fill(password);
  await page.getByLabel('驗證碼').fill(totpCode(secret, offsetMs));
  await shot(page, `${username}-login`);
  await page.getByRole('button', { name: '登入' }).click();
  await page.getByRole('menu', { name: '主選單' }).waitFor();
}

const menuItems = (page: Page) => page.getByRole('menu', { name: '主選單' }).getByRole('menuitem').allTextContents();

async function orderOf(api: PageApi, orderId: string): Promise<TOrderDetailResponse['order']> {
  return ((await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse).order;
}

describe('the back office console', () => {
  it(
    'first administrator by command → TOTP enrolment → sign-in → dashboard → approve from the review queue (order paid out) → confirm a manual transfer (order settled) → the borrower found by order number, their page and the order’s → reconciliation; a reviewer sees no payments or settings',
    async () => {
      const { baseUrl } = suite.server;
      // A borrower whose application the engine leaves to staff (the card's birth date kept over step 1's).
      const borrower = await suite.browser.newPage();
      await launch(borrower.page, '/pages/login/index');
      await loginWithCode(borrower.page, baseUrl, randomMobile());
      await waitForRoute(borrower.page, '/pages/loans/index');
      await borrower.page.getByRole('button', { name: HOME_POPUP_CLOSE }).click({ timeout: 15_000 });
      const api = await apiAsPage(borrower.page, baseUrl);
      await onboardWithCardDifference(api, borrower.page, { name: '林美華', idNumber: randomNationalId() });
      const orderId = await submittedApplication(api, borrower.page);
      await expect.poll(async () => (await orderOf(api, orderId)).awaitingStaff, { timeout: 30_000, interval: 300 }).toBe(true);
      expect((await orderOf(api, orderId)).state).toBe('審核中');

      // The administrator: enrolment link from the command, then sign-in with the authenticator's code.
      const admin = await suite.browser.newPage({ allowConsole: [/status of 401/] });
      await admin.page.setViewportSize(DESKTOP);
      await enrol(admin.page, firstEnrolment, 'harbour-lantern-2026', 'administrator');
      await signIn(admin.page, 'boss', 'harbour-lantern-2026');
      // An administrator may open every page of the console.
      expect(await menuItems(admin.page)).toEqual(ADMIN_PAGES.map((page) => page.label));

      // The dashboard first: today's application (the borrower's) counted, the funnel drawn by a chart.
      await admin.page.getByRole('heading', { name: /營運儀表板/ }).waitFor();
      await admin.page.getByText('轉換漏斗（30 日內註冊者，依來源管道）').waitFor();
      await admin.page.locator('.recharts-bar-rectangle').first().waitFor();
      await admin.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-dashboard.png'), fullPage: true });

      // Review queue → the application's detail → approve.
      await admin.page.getByRole('menuitem', { name: '審核佇列' }).click();
      const row = admin.page.getByRole('row').filter({ hasText: '林*華' });
      await row.waitFor();
      await shot(admin.page, 'review-queue');
      await row.getByRole('button', { name: '審核' }).click();
      const drawer = admin.page.getByRole('dialog');
      await drawer.getByText('填寫資料與證件辨識').waitFor();
      const birthRow = drawer.getByRole('row').filter({ hasText: '出生日期' });
      await birthRow.getByText('不一致').waitFor();
      // Both dates written as people read them, with the card's ROC year beside to compare with its photo.
      expect(await birthRow.getByText(/^\d{4}\/\d{2}\/\d{2}（民國 \d+ 年 \d+ 月 \d+ 日）$/).count()).toBe(2);
      await drawer.getByRole('img', { name: '身分證正面' }).waitFor();
      // The 90-day loan's term in days, as the order page writes it (not 期數 90).
      await drawer.getByRole('cell', { name: '90 天', exact: true }).waitFor();
      await shot(admin.page, 'review-detail');
      await drawer.getByRole('button', { name: '送出審核決定' }).click();
      await admin.page.getByText(/已核准，訂單狀態/).waitFor();
      await expect.poll(async () => (await orderOf(api, orderId)).state, { timeout: 30_000, interval: 300 }).toBe('待還款');

      // The borrower reports a manual transfer of what is owed; finance (here the administrator) confirms it.
      const owed = await orderOf(api, orderId);
      const receipt = await api.upload(
        await borrower.page
          .evaluate(
            () =>
              new Promise<string>((resolve) => {
                const canvas = document.createElement('canvas');
                canvas.width = 400;
                canvas.height = 300;
                const c = canvas.getContext('2d')!;
                c.fillStyle = '#fff';
                c.fillRect(0, 0, 400, 300);
                c.fillStyle = '#222';
                c.font = '28px sans-serif';
                c.fillText('轉帳成功 交易明細', 40, 80);
                resolve(canvas.toDataURL('image/png'));
              }),
          )
          .then((dataUrl) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')),
        'image/png',
      );
      await api.call(ENDPOINTS.repayManual, {
        requestId: `e2e${randomInt(1e9, 9e9)}`,
        orderId,
        amount: owed.outstanding,
        paidOn: owed.disbursedOn,
        fromAccountLast5: '54321',
        receiptImageKey: receipt,
      });
      await admin.page.getByRole('menuitem', { name: '款項處理' }).click();
      const transfer = admin.page.getByRole('row').filter({ hasText: '54321' });
      await transfer.getByRole('img', { name: /轉帳憑證/ }).waitFor();
      await transfer.getByRole('cell', { name: peopleDate(owed.disbursedOn ?? ''), exact: true }).waitFor();
      await shot(admin.page, 'payments');
      await transfer.getByRole('button', { name: '確認入帳' }).click();
      await admin.page.getByRole('tooltip').getByRole('button', { name: '確認入帳' }).click();
      await admin.page.getByText(/已入帳，訂單狀態/).waitFor();
      await expect.poll(async () => (await orderOf(api, orderId)).state, { timeout: 30_000, interval: 300 }).toBe('已結清');

      // Customer service's search by the order number: the person's page and the order's, each view audited.
      const { orderNo } = await orderOf(api, orderId);
      await admin.page.getByRole('menuitem', { name: '用戶與訂單' }).click();
      await admin.page.getByLabel('查詢條件').fill(orderNo);
      await admin.page.getByRole('button', { name: '查詢' }).click();
      await admin.page.getByRole('cell', { name: '林*華' }).waitFor();
      await shot(admin.page, 'customer-search');
      await admin.page.getByRole('button', { name: '查看用戶' }).click();
      await admin.page.getByText('林美華').waitFor();
      await admin.page.getByRole('link', { name: orderNo }).waitFor();
      await shot(admin.page, 'customer');
      await admin.page.getByRole('link', { name: orderNo }).click();
      await admin.page.getByText('還款計畫').waitFor();
      await admin.page.getByText('已結清').first().waitFor();
      // Calendar dates (due, value) as the app writes them for people, never the wire's ISO form.
      await admin.page
        .getByRole('cell', { name: /^\d{4}\/\d{2}\/\d{2}$/ })
        .first()
        .waitFor();
      expect(await admin.page.getByRole('cell', { name: /\d{4}-\d{2}-\d{2}/ }).count()).toBe(0);
      await shot(admin.page, 'order');

      // The day's reconciliation: the manual transfer is no gateway payment, so nothing differs.
      await admin.page.getByRole('menuitem', { name: '對帳與匯出' }).click();
      await admin.page.getByText('閘道通知與入帳全部相符').waitFor();
      await shot(admin.page, 'reconciliation');

      // The audit trail holds each step, attributed.
      await admin.page.getByRole('menuitem', { name: '操作紀錄' }).click();
      await admin.page.getByRole('cell', { name: '確認轉帳入帳' }).waitFor();
      await admin.page.getByRole('cell', { name: '核准申請' }).waitFor();
      await admin.page.getByRole('cell', { name: '檢視用戶資料' }).waitFor();
      await shot(admin.page, 'audit');

      // The API origins the borrowers' app reads.
      await admin.page.getByRole('menuitem', { name: '網域與活動設定' }).click();
      await admin.page.getByRole('button', { name: '新增網址' }).click();
      await admin.page.getByLabel('API 網址 1').fill('https://api2.example.com.tw');
      await admin.page.getByRole('button', { name: '儲存網址清單' }).click();
      await admin.page.getByText(/已儲存/).waitFor();
      await shot(admin.page, 'settings');
      expect(await api.call(ENDPOINTS.changeDomainName, {})).toEqual({ domains: ['https://api2.example.com.tw'] });

      // A reviewer added from the console, with a link of their own.
      await admin.page.getByRole('menuitem', { name: '操作人員' }).click();
      await admin.page.getByRole('button', { name: '新增操作人員' }).click();
      await admin.page.getByRole('dialog').getByLabel('帳號').fill('rita');
      await admin.page.getByRole('button', { name: '建立並產生啟用連結' }).click();
      const linkText = (await admin.page.getByRole('dialog', { name: 'rita 的啟用連結' }).locator('code').textContent()) ?? '';
      const reviewerLink = new URL(linkText).pathname + new URL(linkText).hash;
      await shot(admin.page, 'operators');
      admin.assertNoConsoleErrors();

      const reviewer = await suite.browser.newPage({ allowConsole: [/status of 401/, /status of 403/] });
      await reviewer.page.setViewportSize(DESKTOP);
      await enrol(reviewer.page, reviewerLink, 'maple-river-stone-9', 'reviewer');
      await signIn(reviewer.page, 'rita', 'maple-river-stone-9');
      expect(await menuItems(reviewer.page)).toEqual(['審核佇列']);
      expect(await reviewer.page.evaluate(() => fetch('/admin/api/payments/transfers').then((answer) => answer.status))).toBe(403);
      await reviewer.page.goto('/admin/#/payments');
      await reviewer.page.getByText(ADMIN_FORBIDDEN).waitFor();
      await shot(reviewer.page, 'reviewer-forbidden');
      reviewer.assertNoConsoleErrors();
      await reviewer.close();
      await admin.close();
      await borrower.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
  it(
    'configuration without a deploy: a product over the APR cap refused as it is typed, one under it saved as version 1 → a new version of the user agreement published → the LINE id changed in the console and shown by the borrower app’s service popup → a reviewer has no product menu entry, and the products API and page refuse them',
    async () => {
      const admin = await suite.browser.newPage({ allowConsole: [/status of 401/] });
      await admin.page.setViewportSize(DESKTOP);
      await enrol(admin.page, configEnrolment, 'cedar-window-river-7', 'carol');
      await signIn(admin.page, 'carol', 'cedar-window-river-7');

      // A loan product typed in the console: over the cap it cannot be saved (checked as typed), under it it can.
      await admin.page.getByRole('menuitem', { name: '貸款產品' }).click();
      await admin.page.getByRole('cell', { name: '90 天輕鬆借', exact: true }).waitFor();
      await admin.page.getByRole('button', { name: '新增產品' }).click();
      const productDrawer = admin.page.getByRole('dialog');
      await productDrawer.getByLabel('產品名稱').fill('年末九十天');
      await productDrawer.getByLabel('年利率（%）').fill('18');
      await productDrawer.getByText(/不可儲存/).waitFor();
      await productDrawer
        .getByText(/總費用年百分率 18\.\d\d% 超過上限 16%/)
        .first()
        .waitFor();
      expect(await productDrawer.getByRole('button', { name: '儲存產品' }).isDisabled()).toBe(true);
      await shot(admin.page, 'product-over-cap');
      await productDrawer.getByLabel('年利率（%）').fill('11');
      await productDrawer.getByText(/可儲存：未超過上限 16%/).waitFor();
      await shot(admin.page, 'product-under-cap');
      await productDrawer.getByRole('button', { name: '儲存產品' }).click();
      await admin.page.getByText(/已儲存為第 1 版/).waitFor();
      await admin.page.getByRole('cell', { name: '年末九十天', exact: true }).waitFor();
      await shot(admin.page, 'products');

      // A new version of the user agreement, drafted from the current one: what new users accept from now on.
      await admin.page.getByRole('menuitem', { name: '條款與隱私權政策' }).click();
      await admin.page.getByRole('row').filter({ hasText: '使用者條款' }).getByRole('button', { name: '版本與發布' }).click();
      await admin.page.getByRole('button', { name: '以目前版本為底稿，撰寫新版本' }).click();
      await admin.page.getByLabel('新版本代號').fill('2026-12');
      await admin.page.getByRole('button', { name: '發布新版本' }).click();
      await admin.page.getByText(/已發布 2026-12 版/).waitFor();
      await admin.page.getByRole('cell', { name: '2026-12 目前版本' }).waitFor();
      await shot(admin.page, 'documents');
      await admin.page.locator('.ant-drawer-close').click();
      await admin.page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });

      // The LINE id changed in the console; the borrower app's service popup shows it (config caches: within 7 s).
      const borrower = await suite.browser.newPage();
      await launch(borrower.page);
      await admin.page.getByRole('menuitem', { name: '首頁內容與客服' }).click();
      await admin.page.getByLabel('LINE 帳號').fill('@xiaoan-care');
      await admin.page.getByLabel('加入好友連結').fill('https://line.me/R/ti/p/@xiaoan-care');
      await admin.page.getByRole('button', { name: '儲存 LINE 客服資訊' }).click();
      await admin.page.getByText(/已儲存，App 的客服視窗/).waitFor();
      await shot(admin.page, 'content');
      await expect
        .poll(
          async () => {
            await borrower.page.reload();
            await borrower.page.getByTestId('service-button').click();
            const lineId = borrower.page.locator('.service-popup-inner').getByTestId(`service-${SERVICE_LINE_ID}`);
            await lineId.waitFor();
            return lineId.textContent();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('@xiaoan-care');
      await borrower.page.waitForTimeout(400); // the popup's slide-in, for the screenshot
      await borrower.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-line-in-borrower-app.png') });
      borrower.assertNoConsoleErrors();
      await borrower.close();
      admin.assertNoConsoleErrors();
      await admin.close();

      // A reviewer: no product menu entry, 403 from the products API, and the page says so when opened by address.
      const reviewer = await suite.browser.newPage({ allowConsole: [/status of 401/, /status of 403/] });
      await reviewer.page.setViewportSize(DESKTOP);
      await enrol(reviewer.page, reviewerEnrolment, 'maple-harbour-stone-4', 'ralph');
      await signIn(reviewer.page, 'ralph', 'maple-harbour-stone-4');
      expect(await menuItems(reviewer.page)).not.toContain('貸款產品');
      const statuses = await reviewer.page.evaluate(async () => {
        const csrf = decodeURIComponent(/admin_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const headers = { 'content-type': 'application/json', 'x-csrf-token': csrf };
        return [
          (await fetch('/admin/api/products')).status,
          (await fetch('/admin/api/products', { method: 'POST', headers, body: '{}' })).status,
          (await fetch('/admin/api/products/check', { method: 'POST', headers, body: '{}' })).status,
          (await fetch('/admin/api/settings/service-line', { method: 'PUT', headers, body: '{}' })).status,
        ];
      });
      expect(statuses).toEqual([403, 403, 403, 403]);
      await reviewer.page.goto('/admin/#/products');
      await reviewer.page.getByText(ADMIN_FORBIDDEN).waitFor();
      await shot(reviewer.page, 'reviewer-products-forbidden');
      reviewer.assertNoConsoleErrors();
      await reviewer.close();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
