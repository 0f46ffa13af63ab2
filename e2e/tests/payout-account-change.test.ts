import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_RETRY_TEXTS } from '@app/contract/admin/admin-messages.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { BANK_ACCOUNT_LABEL, BANK_CARD_SUBMIT, BANK_SELECT_SEARCH } from '@app/contract/messages/bank-accounts.ts';
import * as H from '@app/contract/messages/loan-home.ts';
import * as P from '@app/contract/messages/payout-account.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import { launch } from '../support/app.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { BANK_PAYOUTS_ENV } from '../support/server.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode, waitForRoute } from './accounts-helpers.ts';
import { createOperator, enrolAndSignIn, makeBankFile, submittedApplication } from './admin-helpers.ts';
import { onboardBorrower, randomMobile, randomNationalId, type PageApi } from './borrower-helpers.ts';
import { chooseBranch, formRow } from './onboarding-helpers.ts';

/**
 * A payout the bank returned failed because of the account (decision 0169), as a borrower
 * meets it on a phone (390x844): the loans home and the order say 撥款失敗 and why in words
 * (decision 0173), the home's 更換收款帳戶 leads to the choice, the borrower adds another
 * account through the usual card form and makes it the order's receiving account, confirming
 * the contract's addendum; the home then says the payout is under way again; finance sees the
 * change beside the failed payout and retries it in the console; the next batch file pays the
 * new account, and the borrower sees the loan paid out, and the contract followed by its
 * addendum naming the account paid to (decision 0174), as the console's order page does.
 */

// Bank payouts below the release threshold: no release needed.
const suite = useE2ESuite({ env: BANK_PAYOUTS_ENV });
let enrolment = '';
beforeAll(async () => {
  enrolment = await createOperator(suite.server, 'fay');
});

/** The new account: 玉山 (808), 板橋 branch, 13 digits as 玉山's accounts are. */
const NEW_ACCOUNT = '0117968012345';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `payout-account-${name}.png`) });
}

async function orderOf(api: PageApi, orderId: string): Promise<TOrderDetailResponse['order']> {
  return ((await api.call(ENDPOINTS.loanOrderDetail, { orderId })) as TOrderDetailResponse).order;
}

/** Makes a batch file in the console and answers its text (UTF-8, the default; the BOM dropped). */
async function newBatchText(page: Page): Promise<string> {
  await page.getByRole('tab', { name: '銀行整批付款' }).click();
  const batch = /已產生付款檔 (\d{8}-\d+)/.exec(await makeBankFile(page))?.[1] ?? '';
  const row = page.getByRole('row').filter({ hasText: batch });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: '下載 CSV' }).click()]);
  return readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
}

/** The bank's answer to a batch file, in UTF-8 without a BOM, uploaded in the console. */
async function importResult(page: Page, batchText: string, answer: [string, string]): Promise<void> {
  const [header = '', ...rows] = batchText.split('\r\n').filter((line) => line !== '');
  const text = [`${header},處理結果,失敗原因`, ...rows.map((line) => `${line},${answer.join(',')}`)].join('\r\n') + '\r\n';
  await page.locator('input[type=file]').setInputFiles({ name: 'bank-result.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByText(/^已匯入 1 列/).waitFor();
}

describe('a failed payout paid into another account', () => {
  it('the borrower sees 撥款失敗, adds and chooses another account; finance retries; the loan is paid out to it', async () => {
    const { baseUrl } = suite.server;
    const borrower = await suite.browser.newPage();
    const phone = borrower.page;
    await launch(phone, '/pages/login/index');
    await loginWithCode(phone, baseUrl, randomMobile());
    await waitForRoute(phone, '/pages/loans/index');
    await phone.getByRole('button', { name: H.HOME_POPUP_CLOSE }).click({ timeout: 15_000 });
    const name = '林佳穎';
    const api = await onboardBorrower(phone, baseUrl, { name, idNumber: randomNationalId() });
    const orderId = await submittedApplication(api, phone);
    await expect.poll(async () => (await orderOf(api, orderId)).state, { timeout: 30_000, interval: 300 }).toBe('放款中');
    const { orderNo, bankAccount: failedAccount } = await orderOf(api, orderId);

    // Finance signs in to the console (desktop) and sends the day's file; the bank answers: wrong account number.
    const admin = await suite.browser.newPage({ allowConsole: [/status of 401/] });
    const page = admin.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await enrolAndSignIn(page, suite.server, enrolment, 'fay');
    const menu = page.getByRole('menu', { name: '主選單' });
    await menu.getByRole('menuitem', { name: '撥款' }).click();
    const firstFile = await newBatchText(page);
    expect(firstFile).toContain(`,${orderNo},`);
    await importResult(page, firstFile, ['失敗', '帳號錯誤']);
    await page.getByRole('tab', { name: '撥款清單' }).click();
    const failedRow = page.getByRole('row').filter({ hasText: orderNo }).filter({ hasText: '撥款失敗' });
    await failedRow.getByTestId('payout-borrower-asked').getByText(PAYOUT_RETRY_TEXTS.borrowerAsked).waitFor();
    await shot(page, 'console-asked');

    // The borrower's order: 撥款失敗, the reason in words, asked for another account.
    await launch(phone, `/pages/order/detail?orderId=${orderId}`);
    const notice = phone.getByTestId('order-payout-failure');
    await notice.getByText(P.PAYOUT_FAILED_TITLE).waitFor({ timeout: 15_000 });
    await notice.getByText(P.PAYOUT_FAILURE_REASONS.accountNumber).waitFor();
    await notice.getByText(P.PAYOUT_FAILED_ASK_ACCOUNT).waitFor();
    await phone.getByText(P.payoutFailedEventText(P.PAYOUT_FAILURE_REASONS.accountNumber)).waitFor();
    await shot(phone, 'failed');

    // The loans home says it first: the failed account, the reason in words, what to do, one button.
    await launch(phone, '/pages/loans/index');
    const home = phone.getByTestId('home-payout-failure');
    await home.getByText(P.HOME_PAYOUT_FAILED_TITLE).waitFor({ timeout: 15_000 });
    await home.getByText(P.homePayoutFailedAccount(failedAccount)).waitFor();
    await home.getByText(P.PAYOUT_FAILURE_REASONS.accountNumber).waitFor();
    await home.getByText(P.HOME_PAYOUT_ASK_ACCOUNT).waitFor();
    await shot(phone, 'home-failed');

    // 更換收款帳戶 from the home: only the failed account so far; 新增銀行帳戶 through the usual card form.
    await home.getByRole('button', { name: P.HOME_PAYOUT_CHANGE_ACCOUNT }).click();
    await waitForRoute(phone, '/pages/order/account');
    expect(new URL(phone.url()).hash).toContain(`orderId=${orderId}`);
    await phone.getByText(P.PAYOUT_ACCOUNT_NONE_OTHER).waitFor();
    await phone.getByTestId('payout-account-cards').getByText(P.PAYOUT_ACCOUNT_CURRENT).waitFor();
    await shot(phone, 'choose-empty');
    await phone.getByRole('button', { name: P.PAYOUT_ACCOUNT_ADD }).click();
    await waitForRoute(phone, '/pages/me/addBank');
    await phone.getByTestId('bank-field').click();
    await waitForRoute(phone, '/pages/me/bankSelect');
    await phone.getByPlaceholder(BANK_SELECT_SEARCH).fill('808');
    await phone.locator('.bank-results .adm-list-item').first().click();
    await waitForRoute(phone, '/pages/me/addBank');
    await chooseBranch(phone, '板橋', '8081171');
    await formRow(phone, BANK_ACCOUNT_LABEL).locator('input').fill(NEW_ACCOUNT);
    await phone.getByRole('button', { name: BANK_CARD_SUBMIT }).click();

    // Back at the choice: the new account, chosen after a confirmation naming it.
    await waitForRoute(phone, '/pages/order/account');
    const newCard = phone.getByTestId('bank-card').filter({ hasText: '****2345' });
    await newCard.waitFor();
    await shot(phone, 'choose');
    await newCard.getByRole('button', { name: P.PAYOUT_ACCOUNT_CHOOSE }).click();
    const confirm = phone.locator('.adm-dialog').filter({ hasText: P.PAYOUT_ACCOUNT_CONFIRM_TITLE });
    await confirm
      .getByText(/\*\*\*\*2345/)
      .first()
      .waitFor();
    // The addendum confirmed: from the failed account to the new one, nothing else of the contract changed.
    const addendumText = (await confirm.getByTestId('payout-account-addendum').textContent()) ?? '';
    expect(addendumText).toContain(failedAccount);
    expect(addendumText).toMatch(/\*\*\*\*2345/);
    // The dialog's fade-in ends before the picture (the picture only; nothing is asserted on time).
    await phone.waitForTimeout(400);
    await shot(phone, 'confirm');
    await confirm.getByRole('button', { name: P.PAYOUT_ACCOUNT_CONFIRM_OK }).click();
    await waitForRoute(phone, '/pages/order/detail');
    const changedOrder = await orderOf(api, orderId);
    expect(changedOrder.bankAccount).toMatch(/\*\*\*\*2345$/);
    expect(changedOrder.bankAccount).not.toBe(failedAccount);
    // The words confirmed are the addendum the contract now shows.
    expect(addendumText).toBe(P.payoutAccountAddendumText({ from: failedAccount, to: changedOrder.bankAccount }));
    await notice.getByText(P.PAYOUT_AWAITING_RETRY_TITLE).waitFor();
    await notice.getByText(P.payoutAccountChangedText(changedOrder.bankAccount)).waitFor();
    await phone.getByText(P.payoutAccountChangedEventText(changedOrder.bankAccount)).waitFor();
    await shot(phone, 'changed');
    // The home: the payout under way again, to the new account.
    await launch(phone, '/pages/loans/index');
    await home.getByText(P.HOME_PAYOUT_RETRY_TITLE).waitFor({ timeout: 15_000 });
    await home.getByText(P.homePayoutRetryText(changedOrder.bankAccount)).waitFor();
    expect(await home.getByRole('button').count()).toBe(0);
    // The change's toast gone before the picture (the picture only).
    await phone.locator('.adm-toast-mask').waitFor({ state: 'hidden' });
    await shot(phone, 'home-retrying');
    await launch(phone, `/pages/order/detail?orderId=${orderId}`);
    await notice.getByText(P.PAYOUT_AWAITING_RETRY_TITLE).waitFor({ timeout: 15_000 });

    // Finance sees the change beside the failed payout, retries it; the next file pays the new account.
    await page.reload();
    await page.getByRole('tab', { name: '撥款清單' }).click();
    const changedRow = page.getByRole('row').filter({ hasText: orderNo }).filter({ hasText: '撥款失敗' });
    await changedRow.getByTestId('payout-account-changed').getByText(changedOrder.bankAccount, { exact: false }).waitFor();
    await changedRow.getByRole('button', { name: PAYOUT_RETRY_TEXTS.button }).click();
    const retryConfirm = page.getByRole('tooltip');
    await retryConfirm.getByText(new RegExp(`訂單目前的收款帳戶 .*\\*\\*\\*\\*2345`)).waitFor();
    await retryConfirm.getByRole('button', { name: PAYOUT_RETRY_TEXTS.button }).click();
    await page.getByText(/^已建立新的撥款 #\d+：待產生付款檔$/).waitFor();
    const secondFile = await newBatchText(page);
    const [, retryLine = ''] = secondFile.split('\r\n');
    expect(retryLine.split(',').slice(0, 4)).toEqual(['808', '8081171', NEW_ACCOUNT, name]);
    await importResult(page, secondFile, ['成功', '']);
    await page.getByRole('cell', { name: '已撥款' }).waitFor();

    // The console's order page: the change in the timeline and in its own record.
    await page.goto(`/admin/#/orders/${orderId}`);
    const changes = page.getByTestId('order-account-changes');
    await changes.getByRole('cell', { name: changedOrder.bankAccount, exact: true }).waitFor();
    await changes.getByRole('cell', { name: failedAccount, exact: true }).waitFor();
    await page.getByText(`收款帳戶 ${failedAccount} → ${changedOrder.bankAccount}`).waitFor();
    await page.getByText(P.payoutFailedEventText(P.PAYOUT_FAILURE_REASONS.accountNumber)).first().waitFor();
    // The change as the contract's addendum, with the account the money was paid to.
    await changes.getByText(P.PAYOUT_ADDENDUM_TITLE).waitFor();
    await changes.getByText(P.payoutAccountAddendumText({ from: failedAccount, to: changedOrder.bankAccount })).waitFor();
    await page
      .getByTestId('order-paid-to')
      .getByText(new RegExp(`全額撥入 ${changedOrder.bankAccount.replace(/[*]/g, '\\*')}`))
      .waitFor();
    await shot(page, 'console-order');

    // The borrower: the loan paid out, to the new account; no failure shown any more.
    await expect.poll(async () => (await orderOf(api, orderId)).state, { timeout: 15_000, interval: 300 }).toBe('待還款');
    // The detail reads itself again while the order is 放款中: it moves on its own.
    await phone.getByTestId('order-summary').getByText('待還款').waitFor({ timeout: 15_000 });
    expect(await phone.getByTestId('order-payout-failure').count()).toBe(0);
    await phone.getByText(`已撥款至您的帳戶 ${changedOrder.bankAccount}`).waitFor();
    await shot(phone, 'paid');

    // The contract: the signed text, then the addendum — the change as confirmed, the account paid to.
    const { disbursedOn } = await orderOf(api, orderId);
    await launch(phone, `/pages/order/contract?orderId=${orderId}`);
    const contract = phone.frameLocator('[data-testid="signed-contract-frame"]');
    await contract.getByText(P.PAYOUT_ADDENDUM_TITLE).waitFor({ timeout: 15_000 });
    await contract.getByText(P.payoutAccountAddendumText({ from: failedAccount, to: changedOrder.bankAccount })).waitFor();
    await contract.getByText(P.payoutAddendumPaidTo((disbursedOn ?? '').replaceAll('-', '/'), changedOrder.bankAccount)).waitFor();
    await contract.getByText(P.PAYOUT_ADDENDUM_PAID_TITLE).scrollIntoViewIfNeeded();
    await shot(phone, 'contract-addendum');
    borrower.assertNoConsoleErrors();
    await admin.close();
    await borrower.close();
  }, 300_000);
});
