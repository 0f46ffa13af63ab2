import { z } from 'zod';

export { CLIENT_VERSION, CONTENT_TYPE_TEXT, COUNTRY_CODE, DEFAULT_SOURCE_CHANNEL, HEADER } from './header-names.ts';

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
