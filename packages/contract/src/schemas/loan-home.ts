import { z } from 'zod';
import { ZOrderIdSchema } from './common.ts';
import { ZOrderStateSchema } from './order-state.ts';
import { ZPayoutFailureSchema } from './payout-failure.ts';
import { ONBOARDING_STEP_KEYS } from './user.ts';

/**
 * The loans home's schemas (products, banners, notices, popups, the home data): what the
 * first view validates, apart from the rest of loans.ts (quotes, the application, the
 * contract) so the first view's chunk holds only these (decision 0159). loans.ts
 * re-exports them. Money is whole NT dollars; dates Asia/Taipei `YYYY-MM-DD`.
 */

const ZMoneySchema = z.number().int().nonnegative();
const ZCalendarDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** How a product computes interest: one repayment after N days, or equal monthly instalments (等額本息). */
export const INTEREST_METHODS = ['singleRepayment', 'equalInstalments'] as const;
export const ZInterestMethodSchema = z.enum(INTEREST_METHODS);
export type TInterestMethod = z.infer<typeof ZInterestMethodSchema>;

/** A product id as every answer shows it (a positive integer, as a string). */
export const ZProductIdSchema = z.string().regex(/^[1-9]\d{0,15}$/);

/** A product as the home page, the product list and loan/init show it. */
export const ZLoanProductSchema = z.object({
  id: ZProductIdSchema,
  name: z.string(),
  method: ZInterestMethodSchema,
  /** Contract interest rate, percent a year. */
  annualRatePercent: z.number(),
  amountMin: ZMoneySchema,
  /** The product's maximum; loan/init lowers it to what this user may take. */
  amountMax: ZMoneySchema,
  amountStep: ZMoneySchema,
  /** Days for a single repayment, months for equal instalments. */
  terms: z.array(z.number().int().positive()),
  termUnit: z.enum(['day', 'month']),
  /** The lowest and highest APR over every amount and term the product allows. */
  aprMinPercent: z.number(),
  aprMaxPercent: z.number(),
  /** Whether a single-repayment loan may be extended (展期), and how. */
  extension: z.object({ periodDays: z.number().int(), maxCount: z.number().int(), feePercentOfPrincipal: z.number() }).nullable(),
});
export type TLoanProduct = z.infer<typeof ZLoanProductSchema>;

export const ZBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** An image path served by the web app or an absolute https URL. */
  imageUrl: z.string(),
  /** In-app route (`/pages/...`) or absolute https URL; empty: not clickable. */
  linkUrl: z.string(),
});
export type TBanner = z.infer<typeof ZBannerSchema>;
export const ZNoticeSchema = z.object({ id: z.string(), text: z.string() });
export type TNotice = z.infer<typeof ZNoticeSchema>;
export const ZPopupSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type TPopup = z.infer<typeof ZPopupSchema>;

/** Where the user stands, for the home card and 立即申請. */
export const USER_LOAN_STATES = ['visitor', 'onboarding', 'ready', 'openOrder', 'coolDown'] as const;
export const ZUserLoanStateSchema = z.enum(USER_LOAN_STATES);

/**
 * POST /api/v3/loan/common/index (public) — the whole home page in one request: the
 * highest amount available to this visitor or user, the products, the user's state,
 * banners and notices.
 */
export const ZLoanIndexResponseSchema = z.object({
  productName: z.string(),
  /** A visitor: the highest product maximum; a user: within their credit limit. */
  maxAmount: ZMoneySchema,
  aprMinPercent: z.number(),
  aprMaxPercent: z.number(),
  aprCapPercent: z.number(),
  /** The APR disclosure line under the amount card. */
  aprLine: z.string(),
  products: z.array(ZLoanProductSchema),
  userState: ZUserLoanStateSchema,
  /**
   * The open order, when userState is openOrder; with its failed payout while it waits for
   * the borrower's other account or the lender's retry (the order detail's, decision 0173).
   */
  openOrder: z
    .object({ id: ZOrderIdSchema, state: ZOrderStateSchema, payoutFailure: ZPayoutFailureSchema.nullable().default(null) })
    .nullable(),
  /** The end of a refusal's cool-down, when userState is coolDown. */
  coolDownUntil: ZCalendarDateSchema.nullable(),
  banners: z.array(ZBannerSchema),
  notices: z.array(ZNoticeSchema),
});
export type TLoanIndexResponse = z.infer<typeof ZLoanIndexResponseSchema>;

export const ZBannerListResponseSchema = z.object({ banners: z.array(ZBannerSchema) });
export const ZNoticeListResponseSchema = z.object({ notices: z.array(ZNoticeSchema) });
/** getPop: the popup to show now (at most once a day per user), or null. */
export const ZGetPopResponseSchema = z.object({ popup: ZPopupSchema.nullable() });
export type TGetPopResponse = z.infer<typeof ZGetPopResponseSchema>;
export const ZConfirmPopRequestSchema = z.object({ popupId: z.string().min(1).max(20) });
export const ZPopListResponseSchema = z.object({ popups: z.array(ZPopupSchema) });

/**
 * POST /api/v3/loan/check (public) — where 立即申請 goes: log in, the next onboarding
 * step, the open order (`orderId`, its `orderState`; 待簽約 resumes signing), a refusal's
 * cool-down (`coolDownUntil`, a Taipei date), or the application once every step is done.
 */
export const LOAN_CHECK_NEXT = ['login', ...ONBOARDING_STEP_KEYS, 'order', 'coolDown', 'apply'] as const;
export const ZLoanCheckResponseSchema = z.object({
  next: z.enum(LOAN_CHECK_NEXT),
  orderId: ZOrderIdSchema.optional(),
  orderState: ZOrderStateSchema.optional(),
  coolDownUntil: z.string().optional(),
});
export type TLoanCheckResponse = z.infer<typeof ZLoanCheckResponseSchema>;
