import { z } from 'zod';
import { taipeiWallClock } from '../taipei-time.ts';

/**
 * The back office's configuration: loan products (checked against the APR cap as they are
 * typed, versioned), the LINE customer-service values, the home page's banners, notices
 * and popups with their schedules, and campaigns (time-boxed interest discounts).
 */

/** A Taipei wall-clock minute as the console's pickers give it: `2026-12-01T09:00`. */
export const ZTaipeiMinuteSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/** The instant of a Taipei wall-clock minute (Asia/Taipei has no daylight saving: always +08:00). */
export function instantOfTaipeiMinute(minute: string): Date {
  return new Date(`${minute}:00+08:00`);
}

/** An instant as a Taipei wall-clock minute, `2026-12-01T09:00`. */
export function taipeiMinuteOf(instant: Date): string {
  const { date, time } = taipeiWallClock(instant);
  return `${date}T${time.slice(0, 5)}`;
}

// Products.
const ZWholeDollars = z.number().int().nonnegative().max(100_000_000);
const ZRatePercent = z.number().min(0).max(100).multipleOf(0.0001);

export const ZProductFeeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/),
  name: z.string().trim().min(1).max(20),
  fixed: ZWholeDollars,
  percentOfPrincipal: ZRatePercent,
});

/** A product as the console edits it: the domain's LoanProductTerms in a flat form. */
export const ZProductFormSchema = z.object({
  name: z.string().trim().min(1).max(40),
  method: z.enum(['singleRepayment', 'equalInstalments']),
  annualRatePercent: ZRatePercent,
  amountMin: ZWholeDollars,
  amountMax: ZWholeDollars,
  amountStep: ZWholeDollars,
  /** Days (single repayment) or months (equal instalments). */
  terms: z.array(z.number().int().positive().max(3650)).min(1).max(12),
  fees: z.array(ZProductFeeSchema).max(5).default([]),
  /** Single repayment only; null: no extension. */
  extension: z
    .object({
      periodDays: z.number().int().min(1).max(365),
      maxCount: z.number().int().min(1).max(12),
      feeFixed: ZWholeDollars,
      feePercentOfPrincipal: ZRatePercent,
      windowDays: z.number().int().min(0).max(60),
    })
    .nullable()
    .default(null),
  sortOrder: z.number().int().min(0).max(1000).default(0),
  enabled: z.boolean().default(true),
});
export type TProductForm = z.input<typeof ZProductFormSchema>;
export type TProductFormValues = z.output<typeof ZProductFormSchema>;

export const ZProductIdParamsSchema = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });

const ZWorstCaseSchema = z.object({ amount: z.number().int(), term: z.number().int(), aprPercent: z.number() }).nullable();
/** The live check: every reason it cannot be saved (empty: it can), and the dearest case's APR. */
export const ZProductCheckResponseSchema = z.object({
  problems: z.array(z.string()),
  worst: ZWorstCaseSchema,
  worstExtended: ZWorstCaseSchema,
  capPercent: z.number(),
});
export type TProductCheckResponse = z.infer<typeof ZProductCheckResponseSchema>;

export const ZAdminProductSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  form: ZProductFormSchema,
  updatedAt: z.string(),
  /** The dearest APR over its amounts and terms (percent), as the live check gives it. */
  worstAprPercent: z.number().nullable(),
});
export type TAdminProduct = z.infer<typeof ZAdminProductSchema>;
export const ZProductListResponseSchema = z.object({ items: z.array(ZAdminProductSchema), capPercent: z.number() });
export type TProductListResponse = z.infer<typeof ZProductListResponseSchema>;
export const ZProductSavedResponseSchema = z.object({ id: z.number().int(), version: z.number().int() });
export type TProductSavedResponse = z.infer<typeof ZProductSavedResponseSchema>;
export const ZProductVersionsResponseSchema = z.object({
  items: z.array(
    z.object({
      version: z.number().int(),
      form: ZProductFormSchema,
      changedBy: z.string(),
      createdAt: z.string(),
      /** Orders made with this version. */
      orders: z.number().int(),
    }),
  ),
});
export type TProductVersionsResponse = z.infer<typeof ZProductVersionsResponseSchema>;

// The LINE customer-service values (config/one 'line').
export const ZServiceLineSchema = z.object({
  /** The LINE official account id, e.g. @xiaoandai. */
  line: z
    .string()
    .trim()
    .regex(/^@[a-z0-9._-]{2,40}$/i),
  /** The add-friend link the popup opens. */
  lineUrl: z
    .string()
    .trim()
    .max(300)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:'),
  /** A QR code image (https URL or a path the web app serves); empty: none. */
  lineImg: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === '' || value.startsWith('/') || (URL.canParse(value) && new URL(value).protocol === 'https:'))
    .default(''),
});
export type TServiceLine = z.input<typeof ZServiceLineSchema>;

// The home page's content with schedules.
export const HOME_CONTENT_KINDS = ['banners', 'notices', 'popups'] as const;
export type THomeContentKind = (typeof HOME_CONTENT_KINDS)[number];
export const ZHomeContentKindParamsSchema = z.object({ kind: z.enum(HOME_CONTENT_KINDS) });
export const ZHomeContentIdParamsSchema = ZHomeContentKindParamsSchema.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

const ZLinkSchema = z
  .string()
  .trim()
  .max(300)
  .refine((value) => value === '' || value.startsWith('/') || (URL.canParse(value) && new URL(value).protocol === 'https:'));

/**
 * The longest notice the loans home shows: notices stand whole and still (decision 0180), so a
 * notice is read at a glance, about four lines on a 390 px phone. Longer texts belong in a popup.
 */
export const NOTICE_MAX_LENGTH = 80;

/**
 * The most notices the loans home shows at once, the first by sort order: each stands whole
 * (decision 0180), so more would push the amount card below the first screen. Others that are
 * active and in their schedule wait their turn (`overShownLimit`).
 */
export const NOTICES_SHOWN_MAX = 3;

/**
 * One banner, notice or popup: a banner needs a title and an image, a notice its text, a
 * popup a title. Shown from `startsAt` to `endsAt` (Taipei minutes; null: no bound) while active.
 */
export const ZHomeContentFormSchema = z
  .object({
    title: z.string().trim().max(60).default(''),
    content: z.string().trim().max(500).default(''),
    imageUrl: ZLinkSchema.default(''),
    linkUrl: ZLinkSchema.default(''),
    sortOrder: z.number().int().min(0).max(1000).default(0),
    active: z.boolean().default(true),
    startsAt: ZTaipeiMinuteSchema.nullable().default(null),
    endsAt: ZTaipeiMinuteSchema.nullable().default(null),
  })
  .refine((value) => value.startsAt === null || value.endsAt === null || value.startsAt < value.endsAt, { path: ['endsAt'] });
export type THomeContentForm = z.input<typeof ZHomeContentFormSchema>;
export type THomeContentValues = z.output<typeof ZHomeContentFormSchema>;
export const ZHomeContentItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Whether the borrower endpoints serve it now (active, within its schedule, and for a notice among the first NOTICES_SHOWN_MAX). */
  showingNow: z.boolean(),
  /** A notice active and within its schedule that the home does not show: NOTICES_SHOWN_MAX come before it. */
  overShownLimit: z.boolean(),
});
export type THomeContentItem = z.infer<typeof ZHomeContentItemSchema>;
export const ZHomeContentListResponseSchema = z.object({ items: z.array(ZHomeContentItemSchema) });
export type THomeContentListResponse = z.infer<typeof ZHomeContentListResponseSchema>;

// Campaigns: a time-boxed interest discount, never a cash incentive.
/** At most 20 percentage points off the contract rate (the rate never goes below 0). */
export const MAX_CAMPAIGN_DISCOUNT_BASIS_POINTS = 2_000;
export const ZCampaignFormSchema = z
  .object({
    title: z.string().trim().min(1).max(40),
    /** Off the yearly contract rate, in basis points: 200 = 2 percentage points (12 % → 10 %). */
    discountBasisPoints: z.number().int().min(1).max(MAX_CAMPAIGN_DISCOUNT_BASIS_POINTS),
    /** null: every product. */
    productId: z.number().int().positive().nullable().default(null),
    startsAt: ZTaipeiMinuteSchema,
    endsAt: ZTaipeiMinuteSchema,
  })
  .refine((value) => value.startsAt < value.endsAt, { path: ['endsAt'] });
export type TCampaignForm = z.input<typeof ZCampaignFormSchema>;
export const ZCampaignSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  discountBasisPoints: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['scheduled', 'running', 'ended']),
});
export type TCampaign = z.infer<typeof ZCampaignSchema>;
export const ZCampaignListResponseSchema = z.object({ items: z.array(ZCampaignSchema) });
export type TCampaignListResponse = z.infer<typeof ZCampaignListResponseSchema>;
export const ZSavedIdResponseSchema = z.object({ id: z.number().int() });

// Legal documents, versioned (decision 0151).
/** The documents the login form asks consent to: a new version of one is what new users accept. */
export const CONSENT_DOCUMENT_KEYS = ['user_agreement', 'privacy_policy'] as const;
export const ZDocumentKeyParamsSchema = z.object({ key: z.string().regex(/^[a-z_]{1,40}$/) });
export const ZDocumentPublishSchema = z.object({
  /** A label of the operator's choosing, e.g. 2026-12: unique per document. */
  version: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z.\-_]{1,20}$/),
  title: z.string().trim().min(1).max(40),
  /** Markdown. */
  body: z.string().trim().min(20).max(100_000),
});
export type TDocumentPublish = z.input<typeof ZDocumentPublishSchema>;
export const ZDocumentListResponseSchema = z.object({
  items: z.array(z.object({ key: z.string(), title: z.string(), version: z.string(), updatedAt: z.string(), publishable: z.boolean() })),
});
export type TDocumentListResponse = z.infer<typeof ZDocumentListResponseSchema>;
export const ZDocumentVersionsResponseSchema = z.object({
  items: z.array(
    z.object({
      version: z.string(),
      title: z.string(),
      body: z.string(),
      publishedBy: z.string(),
      publishedAt: z.string(),
      /** Users who accepted this version. */
      acceptedBy: z.number().int(),
    }),
  ),
});
export type TDocumentVersionsResponse = z.infer<typeof ZDocumentVersionsResponseSchema>;

// The FAQ (help centre), edited in the console.
export const ZFaqFormSchema = z.object({
  groupName: z.string().trim().min(1).max(20),
  groupOrder: z.number().int().min(0).max(100),
  sortOrder: z.number().int().min(0).max(1000),
  question: z.string().trim().min(1).max(200),
  answer: z.string().trim().min(1).max(2000),
});
export type TFaqForm = z.input<typeof ZFaqFormSchema>;
export const ZFaqIdParamsSchema = z.object({ faqId: z.string().regex(/^[a-z0-9-]{1,40}$/) });
export const ZFaqItemSchema = ZFaqFormSchema.extend({ id: z.string() });
export type TFaqItem = z.infer<typeof ZFaqItemSchema>;
export const ZFaqListResponseSchema = z.object({ items: z.array(ZFaqItemSchema) });
export type TFaqListResponse = z.infer<typeof ZFaqListResponseSchema>;
