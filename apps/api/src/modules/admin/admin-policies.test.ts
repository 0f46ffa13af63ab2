import { describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN, ADMIN_INPUT_INVALID } from '@app/contract/admin/admin-messages.ts';
import {
  decisionPolicyAmountRange,
  decisionPolicyDaysRange,
  reminderTemplateMissingPlaceholder,
  reminderTemplateUnknownPlaceholder,
  REMINDER_TEMPLATE_BRACES,
} from '@app/contract/admin/admin-policy-messages.ts';
import type { TDecisionPolicyResponse, TReminderTemplateListResponse } from '@app/contract/admin/admin-policy-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TAuditListResponse, TReviewListResponse } from '@app/contract/admin/admin-schemas.ts';
import { REMINDER_DUE_SOON_DEFAULT, REMINDER_FIRST_OVERDUE_DAY_DEFAULT } from '@app/contract/messages/repayments.ts';
import { renderReminder } from '@app/contract/reminder-template.ts';
import { DEFAULT_SINGLE_REPAYMENT_PRODUCT } from '../../domain/loan-default-products.ts';
import { addDays, taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { taipeiInstant } from '../../domain/reminder-hours.ts';
import type { ConsoleSmsProvider } from '../../plugins/sms.ts';
import { accountsServerPerFile } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient, type AdminClient } from '../../test/admin-test-kit.ts';
import { createBorrower, type Borrower, type BorrowerOptions } from '../../test/lending-test-kit.ts';
import { eventually, submittedOrder } from '../../test/order-test-kit.ts';
import { detailOf, openRepayingOrder } from '../../test/repayments-test-kit.ts';
import { listDecisionOutcomes } from '../decisions/index.ts';
import { listAwaitingReview } from '../decisions/resolve-manual-review.ts';
import { submitForDecision } from '../decisions/submit-for-decision.ts';
import { getOrder } from '../orders/get-order.ts';
import { sendDueReminders } from '../repayments/send-due-reminders.ts';

/**
 * What an administrator tunes without a deploy: the decision engine's thresholds (a version
 * per save, read by the engine and staff review at the moment they act, each decision naming
 * the version it ran under) and the SMS reminder templates (checked on save, sent as saved).
 * Only administrators reach either; every save is an audit row with before and after.
 */

// The configured values the first version is seeded from (today's behaviour).
const { server, database } = accountsServerPerFile({
  env: {
    DECISION_DELAY_MS: '1',
    PAYOUT_SANDBOX_DELAY_MS: '1',
    JOB_POLLING_MS: '500',
    ADMIN_SECOND_APPROVAL_ABOVE: '40000',
    DECISION_COOL_DOWN_DAYS: '30',
  },
});

const db = () => database.handle.db;
const today = () => taipeiCalendarDate(server.clock.now());

async function administrator(name: string): Promise<AdminClient> {
  return signedInClient(server, await enrolledOperator(server, name, 'administrator'));
}

async function auditOf(client: AdminClient, action: string): Promise<TAuditListResponse['items']> {
  const result = await client.call(ADMIN_ROUTES.listAudit, { query: `action=${action}` });
  expect(result.status).toBe(200);
  return (result.json as TAuditListResponse).items;
}

async function policyOf(client: AdminClient): Promise<TDecisionPolicyResponse> {
  const result = await client.call(ADMIN_ROUTES.getDecisionPolicy);
  expect(result.status).toBe(200);
  return result.json as TDecisionPolicyResponse;
}

async function savePolicy(client: AdminClient, body: unknown) {
  return client.call(ADMIN_ROUTES.saveDecisionPolicy, { body });
}

/** An order submitted to the engine; once decided, its state. */
async function decided(amount: number, options: BorrowerOptions = {}): Promise<{ borrower: Borrower; orderId: number; state: string }> {
  const borrower = await createBorrower(server, database.handle, options);
  const orderId = await submittedOrder(db(), borrower, { now: server.clock.now(), amount });
  await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: server.app.config.decisionDelayMs });
  const state = await eventually(async () => {
    if ((await listAwaitingReview({ db: db() })).some((row) => row.orderId === orderId)) return '審核中';
    const order = await getOrder({ db: db(), orderId });
    return order && order.state !== '審核中' ? order.state : undefined;
  }, `order ${orderId} to be decided`);
  return { borrower, orderId, state };
}

const outcomeOf = async (orderId: number, rule: string) =>
  (await listDecisionOutcomes({ db: db(), orderId })).find((row) => row.rule === rule);

describe('the decision engine’s thresholds', () => {
  it('start as today’s configured values, and only an administrator reads or saves them', async () => {
    const admin = await administrator('policy-reader');
    const { current, versions } = await policyOf(admin);
    expect(current).toMatchObject({
      version: 1,
      manualReviewAbove: null,
      secondApprovalAbove: 40_000,
      coolDownDays: 30,
      savedBy: '(系統預設)',
    });
    expect(versions.map((row) => row.version)).toEqual([1]);

    for (const role of ['reviewer', 'finance', 'support'] as const) {
      const other = await signedInClient(server, await enrolledOperator(server, `policy-${role}`, role));
      for (const route of [ADMIN_ROUTES.getDecisionPolicy, ADMIN_ROUTES.listReminderTemplates]) {
        expect(await other.call(route)).toMatchObject({ status: 403, json: { message: ADMIN_FORBIDDEN } });
      }
      expect(await savePolicy(other, { manualReviewAbove: 1, secondApprovalAbove: 1, coolDownDays: 1 })).toMatchObject({
        status: 403,
        json: { message: ADMIN_FORBIDDEN },
      });
      expect(
        await other.call(ADMIN_ROUTES.saveReminderTemplate, { body: { reminder: 'dueSoon', text: '{amount}{dueDate}' } }),
      ).toMatchObject({ status: 403 });
    }
    expect((await policyOf(admin)).current.version).toBe(1);
  });

  it('refuses values out of their range with every reason in words, changing nothing', async () => {
    const admin = await administrator('policy-checker');
    const before = await policyOf(admin);
    expect(await savePolicy(admin, { manualReviewAbove: -1, secondApprovalAbove: 40_000, coolDownDays: 0 })).toMatchObject({
      status: 400,
      json: {
        message: `${decisionPolicyAmountRange('人工審核門檻', 0, 10_000_000)}；${decisionPolicyDaysRange(1, 365)}`,
      },
    });
    expect(await savePolicy(admin, { manualReviewAbove: null, secondApprovalAbove: 20_000_000, coolDownDays: 30 })).toMatchObject({
      status: 400,
      json: { message: decisionPolicyAmountRange('雙人覆核門檻', 0, 10_000_000) },
    });
    expect(await savePolicy(admin, { manualReviewAbove: '五萬', secondApprovalAbove: 40_000, coolDownDays: 30 })).toMatchObject({
      status: 400,
      json: { message: ADMIN_INPUT_INVALID.replace('{field}', '人工審核門檻') },
    });
    expect(await savePolicy(admin, { manualReviewAbove: null, secondApprovalAbove: 40_000, coolDownDays: 1.5 })).toMatchObject({
      status: 400,
      json: { message: ADMIN_INPUT_INVALID.replace('{field}', '拒絕後冷卻天數') },
    });
    expect(await policyOf(admin)).toEqual(before);
    expect(await auditOf(admin, 'settings.decisionPolicy')).toEqual([]);
  });

  it('sends an application above the review amount to staff and uses the saved cool-down, each decision naming the version it ran under', async () => {
    const admin = await administrator('policy-admin');
    const saved = await savePolicy(admin, { manualReviewAbove: 15_000, secondApprovalAbove: 40_000, coolDownDays: 7 });
    expect(saved.status).toBe(200);
    const { current } = saved.json as TDecisionPolicyResponse;
    expect(current).toMatchObject({ manualReviewAbove: 15_000, coolDownDays: 7, savedBy: 'policy-admin' });
    const [row] = await auditOf(admin, 'settings.decisionPolicy');
    expect(row).toMatchObject({
      operator: 'policy-admin',
      target: 'settings:decisionPolicy',
      before: { version: current.version - 1, manualReviewAbove: null, secondApprovalAbove: 40_000, coolDownDays: 30 },
      after: { version: current.version, manualReviewAbove: 15_000, secondApprovalAbove: 40_000, coolDownDays: 7 },
    });

    // Above the amount: left to staff, only for that reason; at or below it: approved.
    const above = await decided(20_000);
    expect(above.state).toBe('審核中');
    expect((await listAwaitingReview({ db: db() })).find((item) => item.orderId === above.orderId)?.rules).toEqual(['reviewAmount']);
    expect(await outcomeOf(above.orderId, 'reviewAmount')).toMatchObject({
      outcome: 'manualReview',
      detail: { principal: 20_000, manualReviewAbove: 15_000, policyVersion: current.version },
    });
    expect((await detailOf(server, above.borrower, above.orderId)).awaitingStaff).toBe(true);
    const below = await decided(15_000);
    expect(['放款中', '待還款']).toContain(below.state);
    expect((await outcomeOf(below.orderId, 'reviewAmount'))?.outcome).toBe('passed');

    // A refusal (above the product's maximum) waits the saved 7 days, not the configured 30.
    const refused = await decided(30_000);
    expect(refused.state).toBe('已拒絕');
    expect((await getOrder({ db: db(), orderId: refused.orderId }))?.coolDownUntil).toBe(addDays(today(), 7));

    // Thresholds changed later: the new ones apply from the next decision, the old decision keeps its figures.
    const back = await savePolicy(admin, { manualReviewAbove: null, secondApprovalAbove: 40_000, coolDownDays: 30 });
    expect((back.json as TDecisionPolicyResponse).versions.map((version) => version.version).slice(0, 2)).toEqual([
      current.version + 1,
      current.version,
    ]);
    const after = await decided(20_000);
    expect(['放款中', '待還款']).toContain(after.state);
    expect((await outcomeOf(after.orderId, 'reviewAmount'))?.detail).toEqual({
      principal: 20_000,
      manualReviewAbove: null,
      policyVersion: current.version + 1,
    });
    expect((await outcomeOf(above.orderId, 'reviewAmount'))?.detail).toMatchObject({ manualReviewAbove: 15_000 });
  });

  it('asks a second reviewer above the saved second-approval amount, read when the reviewer acts', async () => {
    const admin = await administrator('maker-checker-admin');
    const maker = await signedInClient(server, await enrolledOperator(server, 'policy-maker', 'reviewer'));
    const awaiting = await decided(20_000, { faceOutcome: 'manual_review' });
    expect(awaiting.state).toBe('審核中');
    const approve = { verdict: 'approve', reasonCode: 'documentsVerified' };
    const needsSecond = async () =>
      ((await maker.call(ADMIN_ROUTES.listReviews)).json as TReviewListResponse).items.find((item) => item.orderId === awaiting.orderId)
        ?.needsSecondApproval;

    // Configured 40,000: one reviewer would do; lowered to 15,000 in the console, two are needed.
    expect(await needsSecond()).toBe(false);
    expect((await savePolicy(admin, { manualReviewAbove: null, secondApprovalAbove: 15_000, coolDownDays: 30 })).status).toBe(200);
    expect(await needsSecond()).toBe(true);
    expect(await maker.call(ADMIN_ROUTES.decideReview, { params: { orderId: awaiting.orderId }, body: approve })).toMatchObject({
      status: 200,
      json: { outcome: 'awaitingSecondApproval' },
    });
    const [first] = await auditOf(admin, 'review.firstApproval');
    expect(first?.after).toMatchObject({ principal: 20_000, secondApprovalAbove: 15_000 });
    expect((await getOrder({ db: db(), orderId: awaiting.orderId }))?.state).toBe('審核中');
  });
});

describe('the SMS reminder templates', () => {
  const templatesOf = async (client: AdminClient) =>
    ((await client.call(ADMIN_ROUTES.listReminderTemplates)).json as TReminderTemplateListResponse).items;
  const save = (client: AdminClient, reminder: string, text: string) =>
    client.call(ADMIN_ROUTES.saveReminderTemplate, { body: { reminder, text } });

  it('start as today’s texts, and refuse an unknown or missing placeholder, a stray brace or a text too long, changing nothing', async () => {
    const admin = await administrator('template-checker');
    expect(await templatesOf(admin)).toEqual([
      { reminder: 'dueSoon', text: REMINDER_DUE_SOON_DEFAULT, defaultText: REMINDER_DUE_SOON_DEFAULT, savedAt: null, savedBy: null },
      {
        reminder: 'firstOverdueDay',
        text: REMINDER_FIRST_OVERDUE_DAY_DEFAULT,
        defaultText: REMINDER_FIRST_OVERDUE_DAY_DEFAULT,
        savedAt: null,
        savedBy: null,
      },
    ]);
    expect(await save(admin, 'dueSoon', '請於 {dueDate} 前繳 {amount}，{name} 您好')).toMatchObject({
      status: 400,
      json: { message: reminderTemplateUnknownPlaceholder('name', ['productName', 'dueDate', 'amount', 'daysBefore']) },
    });
    // {daysBefore} means nothing on the day after the due date.
    expect(await save(admin, 'firstOverdueDay', '已逾期 {daysBefore} 天，應繳 {amount}（{dueDate} 到期）')).toMatchObject({
      status: 400,
      json: { message: reminderTemplateUnknownPlaceholder('daysBefore', ['productName', 'dueDate', 'amount']) },
    });
    expect(await save(admin, 'dueSoon', '您的借款即將到期，請儘速繳款')).toMatchObject({
      status: 400,
      json: {
        message: `${reminderTemplateMissingPlaceholder('amount', '應繳金額')}；${reminderTemplateMissingPlaceholder('dueDate', '到期日')}`,
      },
    });
    expect(await save(admin, 'dueSoon', '應繳 {amount}，{dueDate} 到期 }')).toMatchObject({
      status: 400,
      json: { message: REMINDER_TEMPLATE_BRACES },
    });
    const long = await save(admin, 'dueSoon', `應繳 {amount}，{dueDate} 到期。${'請'.repeat(190)}`);
    expect(long.status).toBe(400);
    expect((long.json as { message: string }).message).toMatch(/超過上限 3 則（201 字）/);
    expect(await save(admin, 'overdueWeek', '應繳 {amount}，{dueDate} 到期')).toMatchObject({
      status: 400,
      json: { message: ADMIN_INPUT_INVALID.replace('{field}', '提醒簡訊種類') },
    });
    expect((await templatesOf(admin)).map((item) => item.savedAt)).toEqual([null, null]);
    expect(await auditOf(admin, 'settings.reminderTemplate')).toEqual([]);
  });

  it('sends the saved text from the next reminder, audited before and after; the other kind keeps its default', async () => {
    const admin = await administrator('template-admin');
    const edited = '【{productName}】{dueDate} 到期，應繳 {amount}（{daysBefore} 天後）。App 訂單頁可取得繳費代碼。';
    expect((await save(admin, 'dueSoon', `  ${edited} `)).status).toBe(200);
    const [dueSoon] = await templatesOf(admin);
    expect(dueSoon).toMatchObject({ text: edited, savedBy: 'template-admin' });
    const [row] = await auditOf(admin, 'settings.reminderTemplate');
    expect(row).toMatchObject({
      operator: 'template-admin',
      target: 'settings:reminder:dueSoon',
      before: { text: REMINDER_DUE_SOON_DEFAULT },
      after: { text: edited },
    });

    const user = await createBorrower(server, database.handle);
    const orderId = await openRepayingOrder(server, database.handle, user, DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90);
    const due = (await detailOf(server, user, orderId)).nextDueDate!;
    const sms = server.app.sms as ConsoleSmsProvider;
    // Newest first; the sign-up's verification code is not a reminder.
    const sentTo = () =>
      sms
        .outbox(user.mobile)
        .map((message) => message.text)
        .filter((text) => text.includes('到期'));
    const productName = (await getOrder({ db: db(), orderId }))?.productName ?? '';
    // 3,000 and its interest, 3,000 × 12 % × 90 / 365 = 88.8 → 89.
    const owed = 3_089;

    await sendDueReminders({ db: db(), sms, now: taipeiInstant(addDays(due, -3), 10) });
    expect(sentTo()).toEqual([
      `【${productName}】${due.replaceAll('-', '/')} 到期，應繳 NT$\u00a03,089（3 天後）。App 訂單頁可取得繳費代碼。`,
    ]);
    expect(sentTo()).toEqual([renderReminder(edited, { productName, dueDate: due, amount: owed, daysBefore: 3 })]);
    await sendDueReminders({ db: db(), sms, now: taipeiInstant(addDays(due, 1), 10) });
    expect(sentTo()[0]).toBe(
      `【${productName}】提醒您：您的借款已於 ${due.replaceAll('-', '/')} 到期，目前應繳 NT$\u00a03,089。請盡快於 App 訂單頁繳費，如有困難請聯繫客服。`,
    );
  });
});
