import { z } from 'zod';
import { ZBankCardIdSchema, ZBankCardSchema } from './bank-accounts.ts';
import { ZRequestIdSchema } from './common.ts';
import { ZOrderIdSchema, ZOrderStateSchema } from './orders.ts';
import { ZInterestMethodSchema, ZLoanProductSchema, ZProductIdSchema } from './loan-home.ts';

export * from './loan-home.ts';

/**
 * Loans: products, home data, quotes and the application (SPEC.md section 7 "Loan").
 * Money is whole NT dollars (integers); dates are Asia/Taipei calendar dates `YYYY-MM-DD`;
 * rates and APRs are percent numbers rounded half up to 0.01 (3.35 = 3.35 %).
 */

const ZMoneySchema = z.number().int().nonnegative();
const ZCalendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZQuotedFeeSchema = z.object({ code: z.string(), name: z.string(), amount: ZMoneySchema });
export const ZQuotedInstalmentSchema = z.object({
  number: z.number().int().positive(),
  dueDate: ZCalendarDateSchema,
  principal: ZMoneySchema,
  interest: ZMoneySchema,
  fee: ZMoneySchema,
  total: ZMoneySchema,
});
export type TQuotedInstalment = z.infer<typeof ZQuotedInstalmentSchema>;

/** Everything a borrower sees before signing (PRODUCT.md "Full cost before signing"). */
export const ZLoanQuoteSchema = z.object({
  productId: ZProductIdSchema,
  productName: z.string(),
  method: ZInterestMethodSchema,
  term: z.number().int().positive(),
  termUnit: z.enum(['day', 'month']),
  annualRatePercent: z.number(),
  principal: ZMoneySchema,
  /** Always the whole principal: nothing is deducted at payout. */
  amountReceived: ZMoneySchema,
  interest: ZMoneySchema,
  fees: z.array(ZQuotedFeeSchema),
  totalRepayment: ZMoneySchema,
  instalments: z.array(ZQuotedInstalmentSchema),
  /** 總費用年百分率, percent. */
  aprPercent: z.number(),
  aprCapPercent: z.number(),
  /** The example's base date (payout assumed today). */
  aprBaseDate: ZCalendarDateSchema,
  /** The footnote shown with the APR (the APR is not the loan rate; base date; assumptions). */
  aprFootnote: z.string(),
  /**
   * A running campaign's interest discount this quote includes (annualRatePercent is the
   * lowered rate); absent or null: none. Never a cash amount (decision 0152).
   */
  campaign: z
    .object({
      id: z.number().int(),
      title: z.string(),
      discountPercent: z.number(),
      baseAnnualRatePercent: z.number(),
      text: z.string(),
    })
    .nullable()
    .optional(),
});
export type TLoanQuote = z.infer<typeof ZLoanQuoteSchema>;

/** What a quote is asked for: a product, an amount and a term. */
export const ZQuoteRequestSchema = z.object({
  productId: ZProductIdSchema,
  amount: z.number().int().positive(),
  term: z.number().int().positive(),
});
export type TQuoteRequest = z.input<typeof ZQuoteRequestSchema>;

/** adjust: a new quote when amount or term changes. */
export const ZQuoteResponseSchema = z.object({ quote: ZLoanQuoteSchema });
export type TQuoteResponse = z.infer<typeof ZQuoteResponseSchema>;

/** Purposes offered on applyFor (code stored, label shown). */
export const ZLoanPurposeSchema = z.object({ code: z.string(), label: z.string() });

/**
 * POST /api/v3.1/loan/init — products this user may take (amountMax within the credit
 * limit), bank cards to receive on, purposes. POST /api/v3/loan/init — the same for one
 * product (`productId`), kept for older clients.
 */
export const ZLoanInitResponseSchema = z.object({
  products: z.array(ZLoanProductSchema),
  creditLimit: ZMoneySchema,
  bankCards: z.array(ZBankCardSchema),
  purposes: z.array(ZLoanPurposeSchema),
});
export type TLoanInitResponse = z.infer<typeof ZLoanInitResponseSchema>;
export const ZLoanInitSingleRequestSchema = z.object({ productId: ZProductIdSchema });
export const ZLoanInitSingleResponseSchema = z.object({
  product: ZLoanProductSchema,
  creditLimit: ZMoneySchema,
  bankCards: z.array(ZBankCardSchema),
  purposes: z.array(ZLoanPurposeSchema),
});
export type TLoanInitSingleResponse = z.infer<typeof ZLoanInitSingleResponseSchema>;

/**
 * POST /api/v3/loan/checkTips — what the user must read before signing: the quote and
 * the statements (total cost, APR with its footnote, review period, early repayment).
 */
export const ZCheckTipsResponseSchema = z.object({
  quote: ZLoanQuoteSchema,
  tips: z.array(z.object({ title: z.string(), text: z.string() })),
  reviewPeriodDays: z.number().int().nonnegative(),
});
export type TCheckTipsResponse = z.infer<typeof ZCheckTipsResponseSchema>;

/**
 * POST /api/v3/loan/apply — creates the order awaiting signature (待簽約) from a quote.
 * Idempotent by requestId; refused while another order is open.
 */
export const ZLoanApplyRequestSchema = ZQuoteRequestSchema.extend({
  requestId: ZRequestIdSchema,
  bankCardId: ZBankCardIdSchema,
  purpose: z.string().min(1).max(20),
});
export type TLoanApplyRequest = z.input<typeof ZLoanApplyRequestSchema>;
export const ZLoanApplyResponseSchema = z.object({
  orderId: ZOrderIdSchema,
  state: ZOrderStateSchema,
  quote: ZLoanQuoteSchema,
});
export type TLoanApplyResponse = z.infer<typeof ZLoanApplyResponseSchema>;

/** POST /api/v3/loan/confirm — after signing: submits the order to the decision (審核中). */
export const ZLoanConfirmRequestSchema = z.object({ orderId: ZOrderIdSchema });
/** loan/cancel (not in SPEC.md): the borrower's own order, before its payout. */
export const ZLoanCancelRequestSchema = z.object({ orderId: ZOrderIdSchema });
export const ZOrderStateResponseSchema = z.object({ orderId: ZOrderIdSchema, state: ZOrderStateSchema });
export type TOrderStateResponse = z.infer<typeof ZOrderStateResponseSchema>;

/**
 * GET /api/v5/view/contract — raw HTML (not an envelope) of the contract for an order:
 * the pending terms before signing, the exact signed text after.
 */
export const ZViewContractRequestSchema = z.object({
  orderId: ZOrderIdSchema,
  /** 'pdf': the signed contract as a PDF download (signed orders only). */
  format: z.enum(['html', 'pdf']).optional(),
});
export type TViewContractRequest = z.input<typeof ZViewContractRequestSchema>;

/**
 * POST /api/v3/contract/add — signs the order's contract: the signature image (a PNG
 * uploaded with upload/image, the caller's own), stored with the exact HTML signed and
 * its SHA-256, time, address and user agent.
 */
export const ZContractAddRequestSchema = z.object({
  orderId: ZOrderIdSchema,
  signatureImageKey: z.string().min(1).max(200),
});
export const ZContractAddResponseSchema = z.object({
  orderId: ZOrderIdSchema,
  contractNo: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** ISO 8601. */
  signedAt: z.string(),
});
export type TContractAddResponse = z.infer<typeof ZContractAddResponseSchema>;
