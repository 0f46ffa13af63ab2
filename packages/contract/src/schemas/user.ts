import { z } from 'zod';

export const ONBOARDING_STEP_KEYS = ['personal', 'contacts', 'idCard', 'bankCard', 'face'] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

/** POST /api/v3/user/queryCashUser — who am I. */
export const ZQueryCashUserResponseSchema = z.object({
  userId: z.string(),
  uuId: z.string(),
  /** `0912***678` — the full number never leaves the server in this answer. */
  maskedMobile: z.string(),
  hasPassword: z.boolean(),
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEP_KEYS), done: z.boolean() })),
  completedSteps: z.number().int(),
  /** NT$, integer; 0 until onboarding is complete and a limit is granted. */
  creditLimit: z.number().int(),
  hasOpenOrder: z.boolean(),
});
export type TQueryCashUserResponse = z.infer<typeof ZQueryCashUserResponseSchema>;

/** POST /api/v3/user/data/list — the personal data we hold, by category (PDPA art. 3 access). */
export const ZUserDataListResponseSchema = z.object({
  categories: z.array(
    z.object({
      category: z.string(),
      label: z.string(),
      items: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});
export type TUserDataListResponse = z.infer<typeof ZUserDataListResponseSchema>;

/** POST /api/v3/user/deviceInfo — what a browser tells anyway; nothing more. */
export const ZDeviceInfoRequestSchema = z.object({
  userAgent: z.string().max(512),
  screenWidth: z.number().int().min(0).max(10000),
  screenHeight: z.number().int().min(0).max(10000),
  language: z.string().max(32),
  timeZone: z.string().max(64),
});

/** POST /api/v3/user/registryTokenInfo — a web-push subscription, stored when the user allows notifications. */
export const ZRegistryTokenInfoRequestSchema = z.object({
  endpoint: z.string().url().max(1024),
  keys: z.object({ p256dh: z.string().max(256), auth: z.string().max(256) }),
});

/**
 * POST /api/v3/user/appList — ONLY apps the user typed or explicitly chose to share.
 * A web page cannot read a phone's app list, and we would not anyway (docs/product.md).
 */
export const ZAppListRequestSchema = z.object({
  apps: z.array(z.object({ name: z.string().min(1).max(64) })).max(50),
  /** The user ticked the box that says what is shared and why. */
  consent: z.literal(true),
});

/**
 * POST /api/v3/user/contactsList — ONLY contacts the user typed or picked one by one
 * (e.g. the Contact Picker API, which asks them each time); never read in bulk.
 */
export const ZContactsListRequestSchema = z.object({
  contacts: z.array(z.object({ name: z.string().min(1).max(32), mobile: z.string().max(20), relationship: z.string().max(16) })).max(10),
  consent: z.literal(true),
});

export const DOCUMENT_KEYS = ['user_agreement', 'privacy_policy', 'loan_contract_template'] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

/** GET /api/v3/common/document — a legal document, readable before login. */
export const ZDocumentRequestSchema = z.object({ key: z.enum(DOCUMENT_KEYS) });
export const ZDocumentResponseSchema = z.object({
  key: z.string(),
  title: z.string(),
  version: z.string(),
  /** Sanitised HTML written by us (seeded, later edited by operators). */
  html: z.string(),
  updatedAt: z.string(),
});
export type TDocumentResponse = z.infer<typeof ZDocumentResponseSchema>;
