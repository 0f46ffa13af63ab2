import { z } from 'zod';

/**
 * The lender as every page and document names it: one legal entity, its registered
 * address, its unified business number (統一編號) and how to reach customer service.
 * One place (the API's configuration) serves the contract, the legal documents, the
 * footer, the Me tab and the service popup.
 */
export const ZLenderSchema = z.object({
  name: z.string(),
  address: z.string(),
  registrationNo: z.string(),
  servicePhone: z.string(),
  serviceHours: z.string(),
});
export type TLender = z.infer<typeof ZLenderSchema>;

/** POST /api/v3/common/config: the public configuration the app reads at start. */
export const ZCommonConfigRequestSchema = z.object({}).passthrough();
export const ZCommonConfigResponseSchema = z.object({
  productName: z.string(),
  packageName: z.string(),
  /** Customer-service contact, so the app can show it without a second call. */
  serviceLine: z.string().optional(),
  /** Legal cap of the APR in percent (Civil Code art. 205). */
  aprCapPercent: z.number(),
  lender: ZLenderSchema,
  /** Public config values operators set (key → value). */
  values: z.record(z.string(), z.string()),
});
export type TCommonConfigResponse = z.infer<typeof ZCommonConfigResponseSchema>;

/** GET /api/v3/common/config/one with `configKey` (used with 'line'). */
export const ZConfigOneRequestSchema = z.object({
  configKey: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/),
});
export type TConfigOneRequest = z.infer<typeof ZConfigOneRequestSchema>;

export const ZLineExtInfoSchema = z.object({
  line_img: z.string(),
  line: z.string(),
  line_url: z.string(),
});
export type TLineExtInfo = z.infer<typeof ZLineExtInfoSchema>;

export const ZConfigOneResponseSchema = z.object({
  configKey: z.string(),
  configValue: z.string(),
  extInfoJSON: z.record(z.string(), z.unknown()),
});
export type TConfigOneResponse = z.infer<typeof ZConfigOneResponseSchema>;

export const LINE_CONFIG_KEY = 'line';
