import { z } from 'zod';
import { AUDIT_ACTION_LABELS, REVIEW_APPROVE_REASONS, REVIEW_REFUSE_REASONS, TRANSFER_REJECT_REASONS } from './admin-messages.ts';
import { OPERATOR_ROLES } from './admin-roles.ts';

/** The admin API's bodies: JSON over HTTP (not the borrowers' encrypted envelope). */

const keysOf = <T extends Record<string, unknown>>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

export const ZOperatorRoleSchema = z.enum(OPERATOR_ROLES);
export const ZUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/);
/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx). */
export const ZSecondFactorSchema = z.string().trim().min(6).max(16);

export const ZOperatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: ZOperatorRoleSchema,
});
export type TOperator = z.infer<typeof ZOperatorSchema>;

export const ZErrorResponseSchema = z.object({ message: z.string() });
export const ZOkSchema = z.object({ ok: z.literal(true) });

// Sign-in and enrolment.
export const ZLoginRequestSchema = z.object({
  username: ZUsernameSchema,
  password: z.string().min(1).max(200),
  code: ZSecondFactorSchema,
});
export const ZSessionResponseSchema = z.object({ operator: ZOperatorSchema, csrfToken: z.string(), idleMinutes: z.number().int() });
export type TSessionResponse = z.infer<typeof ZSessionResponseSchema>;
export const ZCsrfResponseSchema = z.object({ csrfToken: z.string() });

export const ZEnrolmentTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const ZEnrolmentShowResponseSchema = z.object({
  username: z.string(),
  role: ZOperatorRoleSchema,
  /** The otpauth:// URI as a PNG QR code (data URL) and the secret for typing by hand. */
  qrDataUrl: z.string(),
  secret: z.string(),
});
export type TEnrolmentShowResponse = z.infer<typeof ZEnrolmentShowResponseSchema>;
export const ZEnrolmentCompleteRequestSchema = ZEnrolmentTokenSchema.extend({
  password: z.string().min(12).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export const ZEnrolmentCompleteResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TEnrolmentCompleteResponse = z.infer<typeof ZEnrolmentCompleteResponseSchema>;

// Review queue.
export const ZOrderIdParamsSchema = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZReviewImageParamsSchema = ZOrderIdParamsSchema.extend({ image: z.enum(['idFront', 'idBack', 'selfie']) });

export const ZReviewListItemSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  productName: z.string(),
  principal: z.number().int(),
  term: z.number().int(),
  /** Days for a single repayment, months for instalments. */
  termUnit: z.enum(['day', 'month']),
  /** Masked: 王*明. */
  borrowerName: z.string(),
  rules: z.array(z.string()),
  since: z.string(),
  needsSecondApproval: z.boolean(),
  firstApprovalBy: z.string().nullable(),
});
export const ZReviewListResponseSchema = z.object({ items: z.array(ZReviewListItemSchema), secondApprovalAbove: z.number().int() });
export type TReviewListResponse = z.infer<typeof ZReviewListResponseSchema>;

const ZCardValuesSchema = z.object({
  name: z.string().nullable(),
  idNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.string().nullable(),
});
export const ZReviewDetailResponseSchema = z.object({
  order: ZReviewListItemSchema.extend({ state: z.string(), createdAt: z.string(), apr: z.number().nullable() }),
  outcomes: z.array(z.object({ rule: z.string(), outcome: z.string(), detail: z.record(z.string(), z.unknown()), decidedAt: z.string() })),
  /** What the borrower typed in step 1 (ID number masked) and what the card reading gave (ID number masked, with whether it matches). */
  typed: ZCardValuesSchema,
  ocr: ZCardValuesSchema.extend({
    idNumberMatches: z.boolean().nullable(),
    correctedFields: z.array(z.string()),
    acceptedDifferences: z.array(z.string()),
  }).nullable(),
  face: z.array(
    z.object({
      at: z.string(),
      outcome: z.string(),
      antispoof: z.number().nullable(),
      liveness: z.number().nullable(),
      similarity: z.number().nullable(),
      similarityThreshold: z.number().nullable(),
    }),
  ),
  images: z.object({ idFront: z.boolean(), idBack: z.boolean(), selfie: z.boolean() }),
});
export type TReviewDetailResponse = z.infer<typeof ZReviewDetailResponseSchema>;

export const ZReviewDecisionRequestSchema = z.discriminatedUnion('verdict', [
  z.object({
    verdict: z.literal('approve'),
    reasonCode: z.enum(keysOf(REVIEW_APPROVE_REASONS)),
    note: z.string().trim().max(500).default(''),
  }),
  z.object({
    verdict: z.literal('refuse'),
    reasonCode: z.enum(keysOf(REVIEW_REFUSE_REASONS)),
    note: z.string().trim().max(500).default(''),
  }),
]);
export type TReviewDecisionRequest = z.input<typeof ZReviewDecisionRequestSchema>;
export const ZReviewDecisionResponseSchema = z.object({
  outcome: z.enum(['approved', 'refused', 'awaitingSecondApproval']),
  orderState: z.string(),
});
export type TReviewDecisionResponse = z.infer<typeof ZReviewDecisionResponseSchema>;

// Payments.
export const ZPaymentItemSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  channel: z.string(),
  amount: z.number().int(),
  paidOn: z.string().nullable(),
  fromAccountLast5: z.string().nullable(),
  hasReceipt: z.boolean(),
  heldAmount: z.number().int().nullable(),
  createdAt: z.string(),
});
export const ZPaymentListResponseSchema = z.object({ items: z.array(ZPaymentItemSchema) });
export type TPaymentListResponse = z.infer<typeof ZPaymentListResponseSchema>;
export const ZTransferReviewRequestSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('confirm'), note: z.string().trim().max(500).default('') }),
  z.object({
    verdict: z.literal('reject'),
    reasonCode: z.enum(keysOf(TRANSFER_REJECT_REASONS)),
    note: z.string().trim().max(500).default(''),
  }),
]);
export type TTransferReviewRequest = z.input<typeof ZTransferReviewRequestSchema>;
export const ZHeldResolveRequestSchema = z.object({ verdict: z.enum(['credit', 'refund']), note: z.string().trim().max(500).default('') });
export const ZCreditRefundRequestSchema = z.object({ note: z.string().trim().max(500).default('') });
export const ZPaymentActionResponseSchema = z.object({ outcome: z.string(), orderState: z.string().nullable() });
export type TPaymentActionResponse = z.infer<typeof ZPaymentActionResponseSchema>;
export const ZCreditListResponseSchema = z.object({
  items: z.array(z.object({ orderId: z.number().int(), kept: z.number().int(), refunded: z.number().int(), left: z.number().int() })),
});
export type TCreditListResponse = z.infer<typeof ZCreditListResponseSchema>;
export const ZBooksResponseSchema = z.object({ balanced: z.boolean(), differences: z.array(z.record(z.string(), z.unknown())) });
export type TBooksResponse = z.infer<typeof ZBooksResponseSchema>;

// Audit trail.
export const ZAuditQuerySchema = z.object({
  operator: z.string().trim().max(32).optional(),
  action: z.enum(keysOf(AUDIT_ACTION_LABELS)).optional(),
  /** YYYY-MM-DD, Taipei days, both included. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  target: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TAuditQuery = Omit<z.input<typeof ZAuditQuerySchema>, 'page'> & { page?: number };
export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const ZAuditListResponseSchema = z.object({
  items: z.array(ZAuditEntrySchema),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type TAuditListResponse = z.infer<typeof ZAuditListResponseSchema>;

// Settings served to the borrowers' app.
export const ZApiOriginSchema = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).origin === value.replace(/\/$/, ''));
export const ZApiOriginsSchema = z.object({
  origins: z
    .array(ZApiOriginSchema)
    .max(10)
    .refine((list) => new Set(list).size === list.length),
});
export type TApiOrigins = z.infer<typeof ZApiOriginsSchema>;

// Operators.
export const ZOperatorListResponseSchema = z.object({
  items: z.array(
    ZOperatorSchema.extend({
      disabled: z.boolean(),
      enrolled: z.boolean(),
      lockedUntil: z.string().nullable(),
      createdAt: z.string(),
      lastLoginAt: z.string().nullable(),
    }),
  ),
});
export type TOperatorListResponse = z.infer<typeof ZOperatorListResponseSchema>;
export const ZCreateOperatorRequestSchema = z.object({ username: ZUsernameSchema, role: ZOperatorRoleSchema });
export const ZUpdateOperatorRequestSchema = z.object({ role: ZOperatorRoleSchema.optional(), disabled: z.boolean().optional() });
export const ZEnrolmentLinkResponseSchema = z.object({ enrolmentPath: z.string(), expiresAt: z.string() });
export type TEnrolmentLinkResponse = z.infer<typeof ZEnrolmentLinkResponseSchema>;
