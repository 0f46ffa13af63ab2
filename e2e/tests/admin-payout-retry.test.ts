import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FAQ_REMOVED, FAQ_REMOVE_TEXTS, PAYOUT_RETRY_TEXTS } from '@app/contract/admin/admin-messages.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { HOME_POPUP_CLOSE } from '@app/contract/messages/loan-home.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { TUserQuestionQueryResponse } from '@app/contract/schemas/question.ts';
import { launch } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { BANK_PAYOUTS_ENV } from '../support/server.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { createOperator, enrolAndSignIn, makeBankFile, submittedApplication } from './admin-helpers.ts';
import { onboardBorrower, randomMobile, randomNationalId, type PageApi } from './borrower-helpers.ts';

/**
 * The back office's loose ends at 1440x900 in real Chromium, as an administrator would meet
 * them: a bank payout the bank's result file (in Big5) marks failed is shown with the bank's
 * reason and retried to the same account; the next batch file (downloaded in Big5) holds the
 * retry once and its result pays the borrower's order out. A FAQ item removed after a
 * confirmation is gone from the borrowers' help centre. The products table at 1440 px keeps
 * every cell on one line. The reconciliation opens on Taipei's days in a browser set to UTC
 * at 00:30 Taipei time (16:30 UTC the day before).
 */

// Bank payouts; the single-repayment product's amounts are below the release threshold: no release needed.
const suite = useE2ESuite({ env: BANK_PAYOUTS_ENV });
let enrolment = '';
beforeAll(async () => {
  enrolment = await createOperator(suite.server, 'ada');
});

const DESKTOP = { width: 1440, height: 900 };

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `payout-retry-${name}.png`) });
}

async function orderOf(api: PageApi, orderId: string): Promise<TOrderDetailResponse['order']> {
  return ((await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse).order;
}

/** Clicks a batch file's 下載 CSV and answers the file's name and bytes. */
async function downloadBatch(page: Page, batch: string): Promise<{ name: string; bytes: Buffer }> {
  const row = page.getByRole('row').filter({ hasText: batch });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '下載 CSV' }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** The bank's answer to a batch file, in Big5 as a Big5-only bank writes it: each row with 處理結果 and 失敗原因. */
function bankResult(batchText: string, answer: (line: string) => [string, string]): Buffer {
  const [header = '', ...rows] = batchText.split('\r\n').filter((line) => line !== '');
  const text = [`${header},處理結果,失敗原因`, ...rows.map((line) => `${line},${answer(line).join(',')}`)].join('\r\n') + '\r\n';
  return iconv.encode(text, 'cp950');
}

async function importResult(page: Page, bytes: Buffer): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({ name: 'bank-result.csv', mimeType: 'text/csv', buffer: bytes });
}

describe('the back office’s loose ends', () => {
  it('a failed bank payout is retried once to the same account and paid; a FAQ item removed; products at 1440 px; Taipei’s days', async () => {
    const { baseUrl } = suite.server;
    const borrower = await suite.browser.newPage();
    await launch(borrower.page, '/pages/login/index');
    await loginWithCode(borrower.page, baseUrl, randomMobile());
    await waitForRoute(borrower.page, '/pages/loans/index');
    await borrower.page.getByRole('button', { name: HOME_POPUP_CLOSE }).click({ timeout: 15_000 });
    const api = await onboardBorrower(borrower.page, baseUrl, { name: '陳怡君', idNumber: randomNationalId() });
    const orderId = await submittedApplication(api, borrower.page);
    await expect.poll(async () => (await orderOf(api, orderId)).state, { timeout: 30_000, interval: 300 }).toBe('放款中');
    const { orderNo, principal } = await orderOf(api, orderId);

    // The administrator: the enrolment link from the command, then sign-in.
    const admin = await suite.browser.newPage({ allowConsole: [/status of 401/] });
    const page = admin.page;
    await page.setViewportSize(DESKTOP);
    await enrolAndSignIn(page, suite.server, enrolment, 'ada');
    const menu = page.getByRole('menu', { name: '主選單' });

    // The bank file, in Big5: the borrower's row, no BOM.
    await menu.getByRole('menuitem', { name: '撥款' }).click();
    await page.getByRole('tab', { name: '銀行整批付款' }).click();
    const firstBatch = /已產生付款檔 (\d{8}-\d+)/.exec(await makeBankFile(page))?.[1] ?? '';
    expect(firstBatch).toMatch(/^\d{8}-1$/);
    // The select shows its value over the search box: click the select itself.
    await page
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: '付款檔編碼' }) })
      .click();
    await page.getByTitle('付款檔編碼：Big5（CP950）').click();
    const first = await downloadBatch(page, firstBatch);
    expect(first.name).toBe(`bank-batch-${firstBatch}-big5.csv`);
    expect([...first.bytes.subarray(0, 2)]).toEqual([0xa6, 0xac]);
    const firstText = iconv.decode(first.bytes, 'cp950');
    expect(firstText).toContain(`,陳怡君,${principal},`);
    expect(firstText).toContain(`,${orderNo},撥款${orderNo}`);

    // The bank answers (in Big5): failed, the account suspended for the day.
    await importResult(
      page,
      bankResult(firstText, () => ['失敗', '帳戶暫停交易']),
    );
    await page.getByText('已匯入 1 列：1 筆更新').waitFor();
    await page.getByRole('cell', { name: '撥款失敗' }).waitFor();

    // The list: failed with the bank's words; the borrower still sees 放款中.
    await page.getByRole('tab', { name: '撥款清單' }).click();
    const failedRow = page.getByRole('row').filter({ hasText: orderNo }).filter({ hasText: '撥款失敗' });
    await failedRow.getByText('失敗原因：帳戶暫停交易').waitFor();
    await page.getByText(PAYOUT_RETRY_TEXTS.accountChangeNote).waitFor();
    expect((await orderOf(api, orderId)).state).toBe('放款中');
    await shot(page, 'failed');

    await failedRow.getByRole('button', { name: PAYOUT_RETRY_TEXTS.button }).click();
    const confirm = page.getByRole('tooltip');
    await confirm.getByText(PAYOUT_RETRY_TEXTS.confirmTitle).waitFor();
    await confirm.getByText(/訂單目前的收款帳戶 臺灣銀行 \*\*\*\*1234/).waitFor();
    await shot(page, 'retry-confirm');
    await confirm.getByRole('button', { name: PAYOUT_RETRY_TEXTS.button }).click();
    await page.getByText(/^已建立新的撥款 #\d+：待產生付款檔$/).waitFor();
    const retriedRow = page.getByRole('row').filter({ hasText: orderNo }).filter({ hasText: '失敗已重新撥款' });
    await retriedRow.getByText('已由 ada 重新撥款').waitFor();
    const retryRow = page.getByRole('row').filter({ hasText: orderNo }).filter({ hasText: '待產生付款檔' });
    await retryRow.getByText(/^重新撥款（原 #\d+）$/).waitFor();
    // Retried once: the failed row has no retry button any more.
    expect(await retriedRow.getByRole('button', { name: PAYOUT_RETRY_TEXTS.button }).count()).toBe(0);
    await shot(page, 'retried');

    // The next file holds the retry, once, to the same account; its result pays the order out.
    await page.getByRole('tab', { name: '銀行整批付款' }).click();
    expect(await makeBankFile(page)).toMatch(/^已產生付款檔 \d{8}-2：1 筆/);
    const secondBatch = firstBatch.replace(/-1$/, '-2');
    const second = await downloadBatch(page, secondBatch);
    const secondText = iconv.decode(second.bytes, 'cp950');
    const [, firstRow = ''] = firstText.split('\r\n');
    const [, secondRow = '', rest = ''] = secondText.split('\r\n');
    expect(rest).toBe('');
    const reference = (row: string) => row.split(',')[5] ?? '';
    expect(reference(secondRow)).not.toBe(reference(firstRow));
    expect(secondRow).toBe(firstRow.replace(reference(firstRow), reference(secondRow)));
    await importResult(
      page,
      bankResult(secondText, () => ['成功', '']),
    );
    await page.getByRole('cell', { name: '已撥款' }).waitFor();
    await expect.poll(async () => (await orderOf(api, orderId)).state, { timeout: 15_000, interval: 300 }).toBe('待還款');
    await shot(page, 'bank-batch');

    // A FAQ item removed, after a confirmation: gone from the borrowers' help centre.
    const faqBefore = ((await api.call(ENDPOINTS.userQuestionQuery, {})) as TUserQuestionQueryResponse).faq.flatMap((g) => g.items);
    const removed = faqBefore[0];
    if (!removed) throw new Error('no FAQ to remove');
    await menu.getByRole('menuitem', { name: '首頁內容與客服' }).click();
    await page.getByRole('button', { name: `${FAQ_REMOVE_TEXTS.button} ${removed.question}` }).click();
    await page.getByRole('tooltip').getByText(FAQ_REMOVE_TEXTS.confirmTitle).waitFor();
    await shot(page, 'faq-confirm');
    await page.getByRole('tooltip').getByRole('button', { name: FAQ_REMOVE_TEXTS.button }).click();
    await page.getByText(ADMIN_FAQ_REMOVED).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: removed.question, exact: true }).count()).toBe(0);
    const faqAfter = ((await api.call(ENDPOINTS.userQuestionQuery, {})) as TUserQuestionQueryResponse).faq.flatMap((g) => g.items);
    expect(faqAfter.map((item) => item.id)).toEqual(faqBefore.filter((item) => item.id !== removed.id).map((item) => item.id));
    await launch(borrower.page, '/pages/me/question');
    await borrower.page
      .getByText(faqAfter[0]?.question ?? '')
      .first()
      .waitFor();
    expect(await borrower.page.getByText(removed.question, { exact: true }).count()).toBe(0);

    // Products at 1440 px: no cell wraps, nothing scrolls sideways.
    await menu.getByRole('menuitem', { name: '貸款產品' }).click();
    await page
      .getByRole('button', { name: /^編輯 / })
      .first()
      .waitFor();
    const layout = await page.evaluate(() => {
      const content = document.querySelector('.ant-table-content') ?? document.querySelector('.ant-table-body');
      const cells = [...document.querySelectorAll<HTMLElement>('.ant-table-thead th, .ant-table-tbody td')];
      const lineHeight = (cell: HTMLElement) => parseFloat(getComputedStyle(cell).lineHeight) || 22;
      return {
        overflow: content ? content.scrollWidth - content.clientWidth : -1,
        wrapped: cells
          .filter((cell) => {
            const style = getComputedStyle(cell);
            const inner = cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
            return inner > lineHeight(cell) * 1.6;
          })
          .map((cell) => cell.textContent),
      };
    });
    expect(layout).toEqual({ overflow: 0, wrapped: [] });
    await shot(page, 'products');

    // The reconciliation in a browser set to UTC at 16:30 UTC: 00:30 the next day in Taipei.
    const cdp = await admin.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'UTC' });
    await page.clock.setFixedTime(new Date('2026-11-26T16:30:00Z'));
    expect(await page.evaluate(() => [Intl.DateTimeFormat().resolvedOptions().timeZone, new Date().getDate()])).toEqual(['UTC', 26]);
    const asked = page.waitForRequest((request) => request.url().includes('/admin/api/payments/reconciliation'));
    await menu.getByRole('menuitem', { name: '對帳與匯出' }).click();
    expect(new URL((await asked).url()).search).toBe('?from=2026-11-21&to=2026-11-27');
    const pickers = page.locator('.ant-picker-range input');
    // Shown as the tables write dates (2026/11/21); asked of the API in the wire's form.
    expect([await pickers.nth(0).inputValue(), await pickers.nth(1).inputValue()]).toEqual(['2026/11/21', '2026/11/27']);
    // Each day of the range has its row, its date written the same way.
    await page.getByRole('cell', { name: '2026/11/27', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}$/ }).count()).toBe(0);
    await shot(page, 'reconciliation');

    admin.assertNoConsoleErrors();
    borrower.assertNoConsoleErrors();
    await admin.close();
    await borrower.close();
  }, 300_000);
});
