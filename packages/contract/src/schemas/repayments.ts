import { z } from 'zod';
import { ZOrderIdSchema, ZRequestIdSchema } from './common.ts';

/**
 * Repayment and extension (SPEC.md section 7 "Order": repay/channel, repay/collect,
 * repay/manual, replan/repay, extension/trial, extension/repay). Money is whole NT
 * dollars; dates `YYYY-MM-DD` (Asia/Taipei); times ISO 8601.
 */

const ZMoneySchema = z.number().int().nonnegative();
const ZCalendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** cvs: a convenience-store code (超商代碼); atm: a virtual account (虛擬帳號); manual: the borrower's own transfer. */
export const REPAY_CHANNELS = ['cvs', 'atm', 'manual'] as const;
export const ZRepayChannelCodeSchema = z.enum(REPAY_CHANNELS);
export type TRepayChannelCode = z.infer<typeof ZRepayChannelCodeSchema>;

/**
 * What the borrower chose to pay: the next instalment, everything due now, the whole
 * loan today (interest to the day), one part of that payoff when it is over the
 * channel's limit (see `nextPayoffPart`), or an extension (single-repayment loans).
 */
export const REPAY_KINDS = ['nextInstalment', 'allDue', 'payoff', 'payoffPart', 'extension'] as const;
export const ZRepayKindSchema = z.enum(REPAY_KINDS);
export type TRepayKind = z.infer<typeof ZRepayKindSchema>;

export const ZRepayChoiceSchema = z.object({
  kind: ZRepayKindSchema,
  amount: ZMoneySchema,
  /** e.g. 第 2 期（2026/12/23 到期） or 全部結清（利息計至今日）. */
  label: z.string(),
  /** nextInstalment only: which instalment it settles. */
  instalment: z.number().int().positive().optional(),
  /**
   * payoff only: what the open (unexpired, unpaid) part codes already cover. The next
   * part is taken from what is left (`nextPayoffPart`).
   */
  coveredByOpenParts: ZMoneySchema.optional(),
});
export type TRepayChoice = z.infer<typeof ZRepayChoiceSchema>;

/**
 * The one rule for splitting a payoff over a channel's limit: the next part is as much as
 * the channel takes, but never leaves a rest below the channel's minimum (so the last
 * part can still be paid the same way). Null when what is left is below the minimum.
 * The pay page shows it and the server issues exactly it. (Every part stays within the
 * limits when the maximum is at least twice the minimum, as configured.)
 */
export function nextPayoffPart(left: number, channel: { minAmount: number; maxAmount: number }): number | null {
  if (left < channel.minAmount || left <= 0) return null;
  if (left <= channel.maxAmount) return left;
  const rest = left - channel.maxAmount;
  return rest >= channel.minAmount ? channel.maxAmount : left - channel.minAmount;
}

export const ZRepayChannelSchema = z.object({
  code: ZRepayChannelCodeSchema,
  name: z.string(),
  /** How to pay with it, in one or two sentences. */
  description: z.string(),
  minAmount: ZMoneySchema,
  maxAmount: ZMoneySchema,
  /** What the payer pays on top (e.g. an inter-bank fee), 0 when nothing. */
  payerFee: ZMoneySchema,
  /** How long an issued code or account stays valid, in hours (0 for manual). */
  validHours: z.number().int().nonnegative(),
});
export type TRepayChannel = z.infer<typeof ZRepayChannelSchema>;

/** POST /api/v3/repay/channel — the channels and what can be paid on this order now. */
export const ZRepayChannelRequestSchema = z.object({ orderId: ZOrderIdSchema });
export const ZRepayChannelResponseSchema = z.object({
  channels: z.array(ZRepayChannelSchema),
  choices: z.array(ZRepayChoiceSchema),
});
export type TRepayChannelResponse = z.infer<typeof ZRepayChannelResponseSchema>;

export const PAYMENT_STATES = ['pending', 'paid', 'expired', 'held', 'awaitingConfirmation', 'rejected', 'notNeeded'] as const;

/** A payment request (an issued code or account) or a manual transfer, as the borrower sees it. */
export const ZPaymentSchema = z.object({
  id: z.string(),
  orderId: ZOrderIdSchema,
  kind: ZRepayKindSchema,
  channel: ZRepayChannelCodeSchema,
  amount: ZMoneySchema,
  /**
   * pending: waiting to be paid; held: paid with another amount, under review;
   * awaitingConfirmation: a manual transfer (待確認); notNeeded: still unpaid, but the order
   * is settled (its code is no longer shown, so nobody pays it by mistake).
   */
  state: z.enum(PAYMENT_STATES),
  /** cvs: the 14-character store code. */
  storeCode: z.string().nullable(),
  /** atm: the bank and the virtual account number to transfer to. */
  virtualAccount: z.object({ bankCode: z.string(), bankName: z.string(), account: z.string() }).nullable(),
  /** ISO 8601; null for manual transfers. */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * Outside production only: the sandbox gateway's store-clerk page where a tester "pays"
   * this code or account (it sends the gateway's notification). Absent or null otherwise;
   * the pay page links to it only when present.
   */
  sandboxPayUrl: z.string().nullable().optional(),
});
export type TPayment = z.infer<typeof ZPaymentSchema>;
export const ZPaymentResponseSchema = z.object({ payment: ZPaymentSchema });
export type TPaymentResponse = z.infer<typeof ZPaymentResponseSchema>;

/**
 * POST /api/v5/repay/collect — issues a store code or a virtual account for the chosen
 * amount. Idempotent by requestId; while an unexpired request for the same thing exists,
 * that one is answered.
 */
export const ZRepayCollectRequestSchema = z.object({
  requestId: ZRequestIdSchema,
  orderId: ZOrderIdSchema,
  kind: ZRepayKindSchema,
  channel: z.enum(['cvs', 'atm']),
  /**
   * The amount the borrower was shown for this choice. When the choice costs something
   * else now (money arrived, a day passed), nothing is issued and the page reads again.
   */
  amount: ZMoneySchema.optional(),
  /** nextInstalment: the instalment the borrower was shown; refused when another is next now. */
  instalment: z.number().int().positive().optional(),
});
export type TRepayCollectRequest = z.input<typeof ZRepayCollectRequestSchema>;

/** POST /api/v3/replan/repay — what paying early costs today (interest only up to today). */
export const ZReplanRepayRequestSchema = z.object({
  orderId: ZOrderIdSchema,
  kind: z.enum(['nextInstalment', 'payoff']),
});
export const ZReplanRepayResponseSchema = z.object({
  kind: z.enum(['nextInstalment', 'payoff']),
  amount: ZMoneySchema,
  principal: ZMoneySchema,
  interest: ZMoneySchema,
  fee: ZMoneySchema,
  overdueInterest: ZMoneySchema,
  /** Interest is counted up to this day (today). */
  interestUntil: ZCalendarDateSchema,
  /** Interest of the schedule that paying now saves. */
  interestSaved: ZMoneySchema,
});
export type TReplanRepayResponse = z.infer<typeof ZReplanRepayResponseSchema>;

/** POST /api/v5/repay/manual — a transfer the borrower made themselves, shown 待確認 until an operator confirms it. */
export const ZRepayManualRequestSchema = z.object({
  requestId: ZRequestIdSchema,
  orderId: ZOrderIdSchema,
  amount: z.number().int().positive(),
  paidOn: ZCalendarDateSchema,
  /** The last five digits of the paying account. */
  fromAccountLast5: z.string().regex(/^\d{5}$/),
  /** The receipt photo, uploaded first with upload/image (the caller's own). */
  receiptImageKey: z.string().min(1).max(200),
});
export type TRepayManualRequest = z.input<typeof ZRepayManualRequestSchema>;

/** POST /api/v3/extension/trial — what extending costs now, or why it is not possible. */
export const ZExtensionTrialRequestSchema = z.object({ orderId: ZOrderIdSchema });
export const ZExtensionTrialResponseSchema = z.object({
  allowed: z.boolean(),
  /** Why not, in plain words (null when allowed). */
  refusal: z.string().nullable(),
  accruedInterest: ZMoneySchema,
  fee: ZMoneySchema,
  /** Paid now to extend: accrued interest plus the fee. */
  dueNow: ZMoneySchema,
  currentDueDate: ZCalendarDateSchema.nullable(),
  newDueDate: ZCalendarDateSchema.nullable(),
  extensionsUsed: z.number().int().nonnegative(),
  extensionsMax: z.number().int().nonnegative(),
  /** APR of the whole loan with its extensions, percent; within the cap. */
  aprPercent: z.number(),
  aprCapPercent: z.number(),
});
export type TExtensionTrialResponse = z.infer<typeof ZExtensionTrialResponseSchema>;

/** POST /api/v3/extension/repay — issues the payment of an extension; the due date moves once it is paid. */
export const ZExtensionRepayRequestSchema = z.object({
  requestId: ZRequestIdSchema,
  orderId: ZOrderIdSchema,
  channel: z.enum(['cvs', 'atm']),
  /** The price the borrower was shown (the trial's dueNow); refused when it changed. */
  amount: ZMoneySchema.optional(),
});
