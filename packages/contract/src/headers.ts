import { z } from 'zod';

/** Request header names exactly as SPEC.md section 7 writes them. */
export const HEADER = {
  contentType: 'content-type',
  version: 'version',
  sourceChannel: 'sourceChannel',
  packageName: 'packageName',
  countryCode: 'countryCode',
  token: 'token',
  userId: 'userId',
  uuId: 'uuId',
} as const;

export const CONTENT_TYPE_TEXT = 'text/plain';
export const CLIENT_VERSION = '5.0.0';
export const COUNTRY_CODE = '886';
export const DEFAULT_SOURCE_CHANNEL = 'Organic';

/**
 * What the logged-out client puts, encrypted, in the `token` header: a random device id
 * it keeps, the channel and campaign data. Nothing read from the device beyond that.
 */
export const ZAnonymousInfoSchema = z.object({
  deviceId: z.string().min(8).max(64),
  sourceChannel: z.string().max(64),
  packageName: z.string().max(128).optional(),
  urlData: z.record(z.string(), z.string().max(512)).optional(),
  language: z.string().max(32).optional(),
});
export type TAnonymousInfo = z.infer<typeof ZAnonymousInfoSchema>;
