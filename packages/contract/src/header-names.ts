/** The protocol's header names and fixed values, free of zod: the web app's early start sends requests with them (decision 0194). */

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
