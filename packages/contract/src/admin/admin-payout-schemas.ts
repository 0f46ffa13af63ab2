import { z } from 'zod';
import { BANK_FILE_ENCODING_LABELS, BANK_RESULT_OUTCOME_LABELS, PAYOUT_CHANNEL_LABELS, PAYOUT_STAGE_LABELS } from './admin-messages.ts';

/** The payouts page: finance's list and release, the bank batch files and the bank's result file. Amounts are integer NT$. */

const keysOf = <T extends Record<string, unknown>>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];
const ZDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZPayoutListQuerySchema = z
  .object({
    stage: z.enum(keysOf(PAYOUT_STAGE_LABELS)).optional(),
    /** Taipei days the payout was requested, both included. */
    from: ZDaySchema.optional(),
    to: ZDaySchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'] });
export type TPayoutListQuery = Omit<z.input<typeof ZPayoutListQuerySchema>, 'page'> & { page?: number };

export const ZPayoutItemSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: z.number().int(),
  stage: z.enum(keysOf(PAYOUT_STAGE_LABELS)),
  channel: z.enum(keysOf(PAYOUT_CHANNEL_LABELS)),
  releasesNeeded: z.number().int(),
  firstReleasedBy: z.string().nullable(),
  releasedBy: z.string().nullable(),
  /** The receiving account: bank code and the last four digits only. */
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountMasked: z.string().nullable(),
  bankBatch: z.string().nullable(),
  /** The provider's or the bank's result code of a failed or held payout. */
  resultCode: z.string().nullable(),
  requestedAt: z.string(),
  firstReleasedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** 1 for the order's first payout, then one more for each retry. */
  attempt: z.number().int(),
  /** The failed payout this one retries. */
  retryOf: z.number().int().nullable(),
  /** On a failed payout retried: who retried it, and when. */
  retriedBy: z.string().nullable(),
  retriedAt: z.string().nullable(),
  /** On a failed payout: its reason is the account, so the borrower app asks for another (decision 0169). */
  accountProblem: z.boolean().default(false),
  /** On a failed payout: the account the borrower changed the order to since, masked, and when; null when not changed. */
  accountChange: z.object({ to: z.string(), at: z.string() }).nullable().default(null),
});
export type TPayoutItem = z.infer<typeof ZPayoutItemSchema>;
export const ZPayoutListResponseSchema = z.object({
  items: z.array(ZPayoutItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The configured thresholds and channel, shown above the list. */
  releaseAbove: z.number().int(),
  twoPeopleAbove: z.number().int(),
  channel: z.enum(keysOf(PAYOUT_CHANNEL_LABELS)),
});
export type TPayoutListResponse = z.infer<typeof ZPayoutListResponseSchema>;

export const ZPayoutReleaseResponseSchema = z.object({
  outcome: z.enum(['released', 'firstRelease']),
  stage: z.enum(keysOf(PAYOUT_STAGE_LABELS)),
});
export type TPayoutReleaseResponse = z.infer<typeof ZPayoutReleaseResponseSchema>;

/** A failed payout retried: the new payout and its stage (sending, awaiting the batch file, or a second release). */
export const ZPayoutRetryResponseSchema = z.object({
  payoutId: z.number().int(),
  stage: z.enum(keysOf(PAYOUT_STAGE_LABELS)),
});
export type TPayoutRetryResponse = z.infer<typeof ZPayoutRetryResponseSchema>;

export const ZBankBatchParamsSchema = z.object({ batch: z.string().regex(/^\d{8}-\d{1,4}$/) });
/** The batch file's encoding: UTF-8 with BOM unless Big5 is asked for (docs/bank-batch-file.md). */
export const ZBankBatchDownloadQuerySchema = z.object({ encoding: z.enum(keysOf(BANK_FILE_ENCODING_LABELS)).default('utf8') });
export const ZBankBatchSchema = z.object({
  batch: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
  open: z.number().int(),
  createdAt: z.string(),
});
export const ZBankBatchListResponseSchema = z.object({ items: z.array(ZBankBatchSchema) });
export type TBankBatchListResponse = z.infer<typeof ZBankBatchListResponseSchema>;
export const ZBankBatchCreatedResponseSchema = z.object({ batch: z.string(), count: z.number().int(), amount: z.number().int() });
export type TBankBatchCreatedResponse = z.infer<typeof ZBankBatchCreatedResponseSchema>;

/**
 * The bank's result file: its bytes in base64 (`contentBase64`, what the console sends: the
 * server decodes UTF-8 with or without a BOM, or Big5 — decision 0169), or text already
 * decoded (`content`). One of the two; at most 1 MB of body, as the body limit.
 */
export const ZBankResultImportRequestSchema = z
  .object({
    fileName: z.string().trim().min(1).max(200),
    content: z.string().min(1).max(900_000).optional(),
    contentBase64: z
      .string()
      .min(4)
      .max(960_000)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/)
      .optional(),
  })
  .refine((body) => (body.content === undefined) !== (body.contentBase64 === undefined), { message: 'content or contentBase64' });
export const ZBankResultImportResponseSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      reference: z.string(),
      payoutId: z.number().int().nullable(),
      outcome: z.enum(keysOf(BANK_RESULT_OUTCOME_LABELS)),
    }),
  ),
  counts: z.record(z.enum(keysOf(BANK_RESULT_OUTCOME_LABELS)), z.number().int()),
});
export type TBankResultImportResponse = z.infer<typeof ZBankResultImportResponseSchema>;
