import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@app/contract/admin/admin-messages.ts';
import {
  DECISION_POLICY_SAVE,
  DECISION_POLICY_SAVED,
  DECISION_POLICY_SHORT_LABELS,
  DECISION_POLICY_MANUAL_REVIEW_SWITCH,
  decisionPolicyAmountRange,
  POLICY_PAGE_TITLE,
  REMINDER_TEMPLATE_LABELS,
  REMINDER_TEMPLATE_SAVE,
  REMINDER_TEMPLATE_SAVED,
  reminderTemplateMissingPlaceholder,
  reminderTemplateUnknownPlaceholder,
} from '@app/contract/admin/admin-policy-messages.ts';
import { REMINDER_DUE_SOON_DEFAULT } from '@app/contract/messages/repayments.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';
import { FAST_JOBS_ENV } from '../support/server.ts';
import { useE2ESuite } from '../support/suite.ts';
import { createOperator, enrolAndSignIn } from './admin-helpers.ts';

/**
 * An administrator tunes the decision engine's thresholds and the SMS reminders' texts in
 * the console at 1440x900, as a new operator would: out-of-range figures and a template
 * with an unknown or missing placeholder are refused in words before anything is sent, the
 * count and segments follow the typing, the preview shows the sample values, and each save
 * is kept (a reload shows it) and written to the audit trail.
 */

const suite = useE2ESuite({ env: FAST_JOBS_ENV });
let enrolment = '';
beforeAll(async () => {
  enrolment = await createOperator(suite.server, 'paula');
});

describe('thresholds and reminder texts in the console', () => {
  it('an administrator saves new thresholds and a reminder text, each checked as typed, kept, and audited', async () => {
    const admin = await suite.browser.newPage({ allowConsole: [/status of 401/] });
    const { page } = admin;
    await page.setViewportSize({ width: 1440, height: 900 });
    await enrolAndSignIn(page, suite.server, enrolment, 'paula');
    await page.getByRole('menuitem', { name: POLICY_PAGE_TITLE }).click();
    await page.getByRole('heading', { name: POLICY_PAGE_TITLE }).waitFor();

    // Today's values: no review amount, the configured 50,000 and 30 days, version 1.
    const field = (name: string) => page.getByRole('spinbutton', { name, exact: true });
    const secondApproval = field(DECISION_POLICY_SHORT_LABELS.secondApprovalAbove);
    const coolDown = field(DECISION_POLICY_SHORT_LABELS.coolDownDays);
    expect(await secondApproval.inputValue()).toBe('50,000');
    expect(await coolDown.inputValue()).toBe('30');
    await page
      .getByTestId('policy-version')
      .getByText(/目前版本 1，/)
      .waitFor();

    // Out of range: said in words, nothing sent.
    await secondApproval.fill('20000000');
    await page.getByRole('button', { name: DECISION_POLICY_SAVE }).click();
    await page.getByText(decisionPolicyAmountRange('雙人覆核門檻', 0, 10_000_000)).waitFor();
    await page
      .getByTestId('policy-version')
      .getByText(/目前版本 1，/)
      .waitFor();

    await secondApproval.fill('30000');
    await page.getByRole('switch', { name: DECISION_POLICY_MANUAL_REVIEW_SWITCH }).click();
    await field(DECISION_POLICY_SHORT_LABELS.manualReviewAbove).fill('80000');
    await coolDown.fill('14');
    await page.getByRole('button', { name: DECISION_POLICY_SAVE }).click();
    await page.getByText(DECISION_POLICY_SAVED).waitFor();
    await page
      .getByTestId('policy-version')
      .getByText(/目前版本 2，paula 於/)
      .waitFor();
    // The versions below the form: the new one above today's.
    await page.getByRole('row').filter({ hasText: 'paula' }).getByRole('cell', { name: 'NT$ 80,000' }).waitFor();

    // The reminder before the due date: an unknown placeholder and a missing amount are refused while typing.
    const editor = page.getByTestId('reminder-dueSoon');
    const text = editor.getByLabel(REMINDER_TEMPLATE_LABELS.dueSoon);
    expect(await text.inputValue()).toBe(REMINDER_DUE_SOON_DEFAULT);
    await text.fill('{name} 您好，您的借款將於 {dueDate} 到期。');
    await editor
      .getByRole('alert')
      .getByText(reminderTemplateUnknownPlaceholder('name', ['productName', 'dueDate', 'amount', 'daysBefore']))
      .waitFor();
    await editor.getByRole('alert').getByText(reminderTemplateMissingPlaceholder('amount', '應繳金額')).waitFor();
    expect(await editor.getByRole('button', { name: REMINDER_TEMPLATE_SAVE }).isDisabled()).toBe(true);

    const edited = '【{productName}】{dueDate} 到期，應繳 {amount}，{daysBefore} 天後到期。可於 App 訂單頁取得繳費代碼。';
    await text.fill(edited);
    await expect.poll(() => editor.getByRole('alert').count()).toBe(0);
    // The preview with the sample values, and its length as SMS (Unicode: 70 in one message).
    const preview = '【90 天輕鬆借】2026/12/25 到期，應繳 NT$\u00a03,089，3 天後到期。可於 App 訂單頁取得繳費代碼。';
    expect(await editor.getByTestId('reminder-dueSoon-preview').textContent()).toBe(preview);
    expect(await editor.getByTestId('reminder-dueSoon-count').textContent()).toMatch(
      new RegExp(`^範例 ${preview.length} 字，1 則簡訊；代入最長的值時 \\d+ 字，2 則（上限 3 則）$`),
    );
    await editor.getByRole('button', { name: REMINDER_TEMPLATE_SAVE }).click();
    await page.getByText(REMINDER_TEMPLATE_SAVED).waitFor();
    await editor.getByText(/paula 於 .* 儲存/).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-policies.png'), fullPage: true });

    // Kept: a reload shows the saved figures and text.
    await page.reload();
    await page.getByRole('heading', { name: POLICY_PAGE_TITLE }).waitFor();
    await page
      .getByTestId('policy-version')
      .getByText(/目前版本 2，/)
      .waitFor();
    expect(await field(DECISION_POLICY_SHORT_LABELS.manualReviewAbove).inputValue()).toBe('80,000');
    expect(await coolDown.inputValue()).toBe('14');
    expect(await page.getByTestId('reminder-dueSoon').getByLabel(REMINDER_TEMPLATE_LABELS.dueSoon).inputValue()).toBe(edited);

    // Each save in the audit trail, attributed.
    await page.getByRole('menuitem', { name: '操作紀錄' }).click();
    await page.getByRole('cell', { name: AUDIT_ACTION_LABELS['settings.decisionPolicy'] }).waitFor();
    await page.getByRole('cell', { name: AUDIT_ACTION_LABELS['settings.reminderTemplate'] }).waitFor();
    admin.assertNoConsoleErrors();
    await admin.close();
  });
});
