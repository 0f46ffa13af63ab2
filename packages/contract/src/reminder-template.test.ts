import { describe, expect, it } from 'vitest';
import { checkDecisionPolicy } from './admin/admin-policy-schemas.ts';
import {
  decisionPolicyAmountRange,
  REMINDER_TEMPLATE_CONTROL_CHARACTERS,
  REMINDER_TEMPLATE_EMPTY,
  reminderTemplateMissingPlaceholder,
} from './admin/admin-policy-messages.ts';
import { checkReminderTemplate, REMINDER_DEFAULT_TEMPLATES, renderReminder, smsSegments } from './reminder-template.ts';

describe('SMS length', () => {
  it('counts a Unicode SMS as 70 units in one message, 67 in each part of a longer one', () => {
    expect(smsSegments('')).toEqual({ count: 0, segments: 0 });
    expect(smsSegments('好'.repeat(70))).toEqual({ count: 70, segments: 1 });
    expect(smsSegments('好'.repeat(71))).toEqual({ count: 71, segments: 2 });
    expect(smsSegments('好'.repeat(134))).toEqual({ count: 134, segments: 2 });
    expect(smsSegments('好'.repeat(135))).toEqual({ count: 135, segments: 3 });
    // A character outside the basic plane takes two units.
    expect(smsSegments('😀').count).toBe(2);
  });
});

describe('reminder templates', () => {
  it('render today’s texts from the defaults, word for word', () => {
    expect(
      renderReminder(REMINDER_DEFAULT_TEMPLATES.dueSoon, {
        productName: '90 天輕鬆借',
        dueDate: '2030-05-01',
        amount: 3_089,
        daysBefore: 3,
      }),
    ).toBe(
      '【90 天輕鬆借】提醒您：您的借款將於 3 天後（2030/05/01）到期，應繳 NT$\u00a03,089。可於 App 訂單頁取得超商代碼或虛擬帳號繳費。',
    );
    expect(
      renderReminder(REMINDER_DEFAULT_TEMPLATES.firstOverdueDay, { productName: '分期輕鬆還', dueDate: '2030-05-01', amount: 12_345 }),
    ).toBe('【分期輕鬆還】提醒您：您的借款已於 2030/05/01 到期，目前應繳 NT$\u00a012,345。請盡快於 App 訂單頁繳費，如有困難請聯繫客服。');
  });

  it('accept the defaults, counting the preview and the longest case', () => {
    for (const kind of ['dueSoon', 'firstOverdueDay'] as const) {
      const check = checkReminderTemplate(kind, REMINDER_DEFAULT_TEMPLATES[kind]);
      expect(check.problems).toEqual([]);
      expect(check.count).toBe(check.preview.length);
      expect(check.worstCount).toBeGreaterThan(check.count);
      expect(check.worstSegments).toBeLessThanOrEqual(3);
    }
  });

  it('refuse an empty text, a line break, and one without the amount and the due date', () => {
    expect(checkReminderTemplate('dueSoon', '  ').problems).toContain(REMINDER_TEMPLATE_EMPTY);
    expect(checkReminderTemplate('dueSoon', '應繳 {amount}\n{dueDate} 到期').problems).toEqual([REMINDER_TEMPLATE_CONTROL_CHARACTERS]);
    expect(checkReminderTemplate('firstOverdueDay', '已到期 {dueDate}').problems).toEqual([
      reminderTemplateMissingPlaceholder('amount', '應繳金額'),
    ]);
  });

  it('count the limit with the longest values: a text that fits with the sample may not fit with a 40-character product name', () => {
    const text = `{productName}應繳 {amount}，{dueDate} 到期。${'請'.repeat(150)}`;
    const check = checkReminderTemplate('dueSoon', text);
    expect(check.segments).toBe(3);
    expect(check.worstSegments).toBe(4);
    expect(check.problems).toHaveLength(1);
  });
});

describe('decision thresholds', () => {
  it('accept today’s values and no review amount; refuse out-of-range or fractional figures', () => {
    expect(checkDecisionPolicy({ manualReviewAbove: null, secondApprovalAbove: 50_000, coolDownDays: 30 })).toEqual([]);
    expect(checkDecisionPolicy({ manualReviewAbove: 0, secondApprovalAbove: 0, coolDownDays: 365 })).toEqual([]);
    expect(checkDecisionPolicy({ manualReviewAbove: 10_000_001, secondApprovalAbove: 50_000, coolDownDays: 30 })).toEqual([
      decisionPolicyAmountRange('人工審核門檻', 0, 10_000_000),
    ]);
    expect(checkDecisionPolicy({ manualReviewAbove: null, secondApprovalAbove: 50_000, coolDownDays: 366 })).toHaveLength(1);
    expect(checkDecisionPolicy({ manualReviewAbove: null, secondApprovalAbove: 0.5, coolDownDays: 30 })).toHaveLength(1);
  });
});
