import {
  REMINDER_PLACEHOLDER_LABELS,
  REMINDER_TEMPLATE_BRACES,
  REMINDER_TEMPLATE_CONTROL_CHARACTERS,
  REMINDER_TEMPLATE_EMPTY,
  reminderTemplateMissingPlaceholder,
  reminderTemplateTooLong,
  reminderTemplateUnknownPlaceholder,
} from './admin/admin-policy-messages.ts';
import { peopleDate } from './date-format.ts';
import { REMINDER_DUE_SOON_DEFAULT, REMINDER_FIRST_OVERDUE_DAY_DEFAULT } from './messages/repayments.ts';
import { ntd } from './money-format.ts';

/**
 * The SMS reminders as templates an administrator edits: which placeholders each may use
 * and must use, how a text is rendered, and how long it is as SMS. One module for the
 * console (live count, preview, the same refusals) and the server (the check on save, the
 * text sent).
 */

/** Before the due date (3 days and 1 day: {daysBefore}), and the first day after it. */
export const REMINDER_TEMPLATE_KINDS = ['dueSoon', 'firstOverdueDay'] as const;
export type TReminderTemplateKind = (typeof REMINDER_TEMPLATE_KINDS)[number];

export type TReminderPlaceholder = keyof typeof REMINDER_PLACEHOLDER_LABELS;

export const REMINDER_DEFAULT_TEMPLATES: Record<TReminderTemplateKind, string> = {
  dueSoon: REMINDER_DUE_SOON_DEFAULT,
  firstOverdueDay: REMINDER_FIRST_OVERDUE_DAY_DEFAULT,
};

/** What each template may name; the amount and the due date are in every reminder (no text without them). */
export const REMINDER_PLACEHOLDERS: Record<TReminderTemplateKind, readonly TReminderPlaceholder[]> = {
  dueSoon: ['productName', 'dueDate', 'amount', 'daysBefore'],
  firstOverdueDay: ['productName', 'dueDate', 'amount'],
};
export const REQUIRED_REMINDER_PLACEHOLDERS: readonly TReminderPlaceholder[] = ['amount', 'dueDate'];

export interface ReminderValues {
  productName: string;
  /** `YYYY-MM-DD` (Taipei); written 2026/12/25. */
  dueDate: string;
  /** Whole dollars; written NT$ 3,089. */
  amount: number;
  /** 3 or 1 (dueSoon only). */
  daysBefore?: number;
}

/** The values of the console's preview. */
export const REMINDER_SAMPLE_VALUES: ReminderValues = { productName: '90 天輕鬆借', dueDate: '2026-12-25', amount: 3_089, daysBefore: 3 };

/**
 * The longest each value can be, for the length limit: a product name of 40 characters (the
 * product form's limit), NT$ 100,000,000 (the largest amount a product may have), a date.
 */
const LONGEST_VALUES: ReminderValues = { productName: '長'.repeat(40), dueDate: '2026-12-25', amount: 100_000_000, daysBefore: 3 };

/**
 * Segments of a Unicode (UCS-2) SMS, which any Chinese character makes a text: 70 UTF-16
 * units in one message, 67 in each part of a longer one (the rest carries the joining header).
 */
export const SMS_SINGLE_UNITS = 70;
export const SMS_PART_UNITS = 67;
/** The most parts a reminder may take with the longest values (what one reminder may cost). */
export const MAX_REMINDER_SEGMENTS = 3;
/** The raw template's own limit (the schema's). */
export const MAX_REMINDER_TEMPLATE_LENGTH = 300;

export function smsSegments(text: string): { count: number; segments: number } {
  const count = text.length;
  return { count, segments: count === 0 ? 0 : count <= SMS_SINGLE_UNITS ? 1 : Math.ceil(count / SMS_PART_UNITS) };
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The template with each placeholder written out; one it does not know stays as typed. */
export function renderReminder(template: string, values: ReminderValues): string {
  const written: Record<TReminderPlaceholder, string> = {
    productName: values.productName,
    dueDate: peopleDate(values.dueDate),
    amount: ntd(values.amount),
    daysBefore: String(values.daysBefore ?? ''),
  };
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in written ? written[name as TReminderPlaceholder] : whole));
}

export interface ReminderTemplateCheck {
  /** Every reason it cannot be saved, in words (empty: it can). */
  problems: string[];
  /** The preview with the sample values, and its length as SMS. */
  preview: string;
  count: number;
  segments: number;
  /** Its length with the longest values (what the limit applies to). */
  worstCount: number;
  worstSegments: number;
}

/** The check on save and while typing: placeholders known and present, no stray brace or control character, the length. */
export function checkReminderTemplate(kind: TReminderTemplateKind, template: string): ReminderTemplateCheck {
  const allowed = REMINDER_PLACEHOLDERS[kind];
  const problems: string[] = [];
  const text = template.trim();
  if (text === '') problems.push(REMINDER_TEMPLATE_EMPTY);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(template)) problems.push(REMINDER_TEMPLATE_CONTROL_CHARACTERS);
  const named = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  for (const name of new Set(named)) {
    if (!(allowed as readonly string[]).includes(name)) problems.push(reminderTemplateUnknownPlaceholder(name, allowed));
  }
  if (/[{}]/.test(text.replace(PLACEHOLDER, ''))) problems.push(REMINDER_TEMPLATE_BRACES);
  for (const name of REQUIRED_REMINDER_PLACEHOLDERS) {
    if (!named.includes(name)) problems.push(reminderTemplateMissingPlaceholder(name, REMINDER_PLACEHOLDER_LABELS[name]));
  }
  const preview = renderReminder(text, REMINDER_SAMPLE_VALUES);
  const sample = smsSegments(preview);
  const worst = smsSegments(renderReminder(text, LONGEST_VALUES));
  if (worst.segments > MAX_REMINDER_SEGMENTS) {
    problems.push(reminderTemplateTooLong(worst.count, worst.segments, MAX_REMINDER_SEGMENTS, MAX_REMINDER_SEGMENTS * SMS_PART_UNITS));
  }
  return { problems, preview, count: sample.count, segments: sample.segments, worstCount: worst.count, worstSegments: worst.segments };
}
