import { z } from 'zod';
import { ZBankCardIdSchema } from './bank-accounts.ts';
import { ZOrderIdSchema } from './common.ts';
import { ZOrderStateSchema } from './order-state.ts';
import { ZPayoutFailureSchema } from './payout-failure.ts';
import { ZPaymentSchema } from './repayments.ts';
import { ORDER_LIST_FILTERS } from '../order-list-filters.ts';

/**
 * Loan orders (SPEC.md section 7 "Order"; PRODUCT.md "Orders: one state machine").
 * Money is whole NT dollars; dates `YYYY-MM-DD` in Asia/Taipei; times ISO 8601.
 */

export { CLOSED_ORDER_STATES, ORDER_STATES, ZOrderStateSchema, type TOrderState } from './order-state.ts';

export { ZOrderIdSchema };

const ZMoneySchema = z.number().int().nonnegative();
const ZCalendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An order as the list shows it. */
export const ZOrderSummarySchema = z.object({
  id: ZOrderIdSchema,
  orderNo: z.string(),
  productName: z.string(),
  state: ZOrderStateSchema,
  principal: ZMoneySchema,
  term: z.number().int().positive(),
  termUnit: z.enum(['day', 'month']),
  /** What is owed now in total (0 once settled, rejected or cancelled). */
  outstanding: ZMoneySchema,
  /** The next unpaid due date, null when nothing is due. */
  nextDueDate: ZCalendarDateSchema.nullable(),
  nextDueAmount: ZMoneySchema,
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummarySchema>;

export { ORDER_LIST_FILTERS };
export const ZOrderRecordRequestSchema = z.object({
  state: z.enum(ORDER_LIST_FILTERS).default('all'),
  page: z.number().int().min(1).max(1000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
});
export type TOrderRecordRequest = z.input<typeof ZOrderRecordRequestSchema>;
export const ZOrderRecordResponseSchema = z.object({
  orders: z.array(ZOrderSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TOrderRecordResponse = z.infer<typeof ZOrderRecordResponseSchema>;

export const ZOrderInstalmentSchema = z.object({
  number: z.number().int().positive(),
  dueDate: ZCalendarDateSchema,
  principal: ZMoneySchema,
  interest: ZMoneySchema,
  fee: ZMoneySchema,
  overdueInterest: ZMoneySchema,
  total: ZMoneySchema,
  paid: ZMoneySchema,
  state: z.enum(['unpaid', 'partlyPaid', 'paid', 'overdue']),
});
export type TOrderInstalment = z.infer<typeof ZOrderInstalmentSchema>;

export const ZOrderEventSchema = z.object({
  state: ZOrderStateSchema,
  /** Plain Traditional Chinese for the borrower (e.g. 已撥款至 ****1234). */
  text: z.string(),
  /** ISO 8601. */
  at: z.string(),
});

export { ZPayoutFailureSchema, type TPayoutFailure } from './payout-failure.ts';

/** POST /api/v3/order/loanOrderDetail */
export const ZOrderDetailRequestSchema = z.object({ orderId: ZOrderIdSchema });
export const ZOrderDetailSchema = ZOrderSummarySchema.extend({
  method: z.enum(['singleRepayment', 'equalInstalments']),
  annualRatePercent: z.number(),
  aprPercent: z.number(),
  interest: ZMoneySchema,
  fees: z.array(z.object({ code: z.string(), name: z.string(), amount: ZMoneySchema })),
  totalRepayment: ZMoneySchema,
  /** Masked receiving account, e.g. 臺灣銀行 ****1234. */
  bankAccount: z.string(),
  purpose: z.string(),
  /** Payout date (the schedule counts from it); null before payout. */
  disbursedOn: ZCalendarDateSchema.nullable(),
  instalments: z.array(ZOrderInstalmentSchema),
  events: z.array(ZOrderEventSchema),
  /** A refusal's plain message, null otherwise. */
  refusalMessage: z.string().nullable(),
  /** The day a refused user may apply again, null when not refused. */
  coolDownUntil: ZCalendarDateSchema.nullable(),
  /** 審核中 and left to staff by the automatic decision (face check in manual review). */
  awaitingStaff: z.boolean().default(false),
  contractSigned: z.boolean(),
  /** Payment requests and manual transfers on this order, newest first (repayments adds them). */
  payments: z.array(ZPaymentSchema).default([]),
  /** Extensions paid so far (single-repayment loans). */
  extensionsUsed: z.number().int().nonnegative().default(0),
  /** Money received beyond what the order owed (an overpayment), kept for the borrower. */
  creditKept: ZMoneySchema.default(0),
  /** Credit kept that the lender has paid back to the borrower. */
  creditRefunded: ZMoneySchema.default(0),
  /** What the borrower may do now. */
  /** A single-repayment loan whose extension window has not opened yet: the day it opens. */
  extensionOpensOn: z.string().nullable().default(null),
  /** The order's failed payout, while it waits for a retry (decision 0169). */
  payoutFailure: ZPayoutFailureSchema.nullable().default(null),
  actions: z.object({
    sign: z.boolean(),
    cancel: z.boolean(),
    repay: z.boolean(),
    extend: z.boolean(),
    viewContract: z.boolean(),
  }),
});
export type TOrderDetail = z.infer<typeof ZOrderDetailSchema>;
export const ZOrderDetailResponseSchema = z.object({ order: ZOrderDetailSchema });
export type TOrderDetailResponse = z.infer<typeof ZOrderDetailResponseSchema>;

/**
 * POST /api/v3/order/changePayoutAccount (not in SPEC.md; decision 0169): after the order's
 * payout failed and before finance retries it, the order's borrower names another of their
 * bound accounts (`cardId`, as bindCard/list gives it) as the order's receiving account.
 */
export const ZChangePayoutAccountRequestSchema = z.object({
  orderId: ZOrderIdSchema,
  cardId: ZBankCardIdSchema,
});
export type TChangePayoutAccountRequest = z.infer<typeof ZChangePayoutAccountRequestSchema>;
/** The order's receiving account now, masked (臺灣銀行 ****1234). */
export const ZChangePayoutAccountResponseSchema = z.object({ bankAccount: z.string() });
export type TChangePayoutAccountResponse = z.infer<typeof ZChangePayoutAccountResponseSchema>;
