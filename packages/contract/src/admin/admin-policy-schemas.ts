import { z } from 'zod';
import { MAX_REMINDER_TEMPLATE_LENGTH, REMINDER_TEMPLATE_KINDS } from '../reminder-template.ts';
import { DECISION_POLICY_SHORT_LABELS, decisionPolicyAmountRange, decisionPolicyDaysRange } from './admin-policy-messages.ts';

/**
 * What an administrator tunes without a deploy: the decision engine's thresholds (a
 * version per save) and the SMS reminder templates. The law's figures (the adult age, the
 * ID checksum, the APR cap) are not among them.
 */

/** The sane range of each threshold: whole dollars, or days. */
export const DECISION_POLICY_LIMITS = {
  manualReviewAbove: { min: 0, max: 10_000_000 },
  secondApprovalAbove: { min: 0, max: 10_000_000 },
  coolDownDays: { min: 1, max: 365 },
} as const;

export const ZDecisionPolicyFormSchema = z.object({
  /** An application whose principal is above this goes to staff (null: none does for its amount). */
  manualReviewAbove: z.number().int().nullable(),
  /** A staff approval of a principal above this needs a second operator (maker-checker). */
  secondApprovalAbove: z.number().int(),
  /** After a refusal, no new application for this many days. */
  coolDownDays: z.number().int(),
});
export type TDecisionPolicyForm = z.infer<typeof ZDecisionPolicyFormSchema>;

/** Every reason the thresholds cannot be saved, in words (empty: they can). */
export function checkDecisionPolicy(form: TDecisionPolicyForm): string[] {
  const problems: string[] = [];
  const amount = (key: 'manualReviewAbove' | 'secondApprovalAbove', value: number | null) => {
    const { min, max } = DECISION_POLICY_LIMITS[key];
    if (value !== null && (!Number.isInteger(value) || value < min || value > max)) {
      problems.push(decisionPolicyAmountRange(DECISION_POLICY_SHORT_LABELS[key], min, max));
    }
  };
  amount('manualReviewAbove', form.manualReviewAbove);
  amount('secondApprovalAbove', form.secondApprovalAbove);
  const days = DECISION_POLICY_LIMITS.coolDownDays;
  if (!Number.isInteger(form.coolDownDays) || form.coolDownDays < days.min || form.coolDownDays > days.max) {
    problems.push(decisionPolicyDaysRange(days.min, days.max));
  }
  return problems;
}

export const ZDecisionPolicyVersionSchema = ZDecisionPolicyFormSchema.extend({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string(),
});
export type TDecisionPolicyVersion = z.infer<typeof ZDecisionPolicyVersionSchema>;
/** The thresholds in force and the versions before them, newest first. */
export const ZDecisionPolicyResponseSchema = z.object({
  current: ZDecisionPolicyVersionSchema,
  versions: z.array(ZDecisionPolicyVersionSchema),
});
export type TDecisionPolicyResponse = z.infer<typeof ZDecisionPolicyResponseSchema>;

export const ZReminderTemplateSaveSchema = z.object({
  reminder: z.enum(REMINDER_TEMPLATE_KINDS),
  text: z.string().max(MAX_REMINDER_TEMPLATE_LENGTH),
});
export type TReminderTemplateSave = z.infer<typeof ZReminderTemplateSaveSchema>;

export const ZReminderTemplateSchema = z.object({
  reminder: z.enum(REMINDER_TEMPLATE_KINDS),
  text: z.string(),
  defaultText: z.string(),
  /** Null while the default text is in force (never saved). */
  savedAt: z.string().nullable(),
  savedBy: z.string().nullable(),
});
export type TReminderTemplate = z.infer<typeof ZReminderTemplateSchema>;
export const ZReminderTemplateListResponseSchema = z.object({ items: z.array(ZReminderTemplateSchema) });
export type TReminderTemplateListResponse = z.infer<typeof ZReminderTemplateListResponseSchema>;
