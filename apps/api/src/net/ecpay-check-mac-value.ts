import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * ECPay's CheckMacValue (綠界檢查碼), the signature of every AioCheckOut form, query and
 * server notification, exactly as documented in 全方位金流 "附錄 / 檢查碼機制"
 * (https://developers.ecpay.com.tw/?p=2902) and as ECPay's own PHP SDK computes it
 * (github.com/ECPay/ECPay-API-Skill, scripts/SDK_PHP/src/Services/CheckMacValueService.php
 * and UrlService.php::ecpayUrlEncode):
 *
 *   1. every field but CheckMacValue, sorted by name without regard to case (PHP strcasecmp);
 *   2. `HashKey=<key>&name=value&...&HashIV=<iv>` (values as sent, not encoded);
 *   3. URL-encoded as PHP's urlencode does (space as `+`, `~` and `'` encoded), lower-cased,
 *      then the .NET replacements %2d→- %5f→_ %2e→. %21→! %2a→* %28→( %29→);
 *   4. SHA256 (MD5 for the few older APIs), upper-case hex.
 *
 * It is a keyed hash, not an HMAC: the key and IV are the only secret, so they never leave
 * this file's callers' configuration and are never logged.
 */
export const CHECK_MAC_VALUE_FIELD = 'CheckMacValue';

export interface EcpayKeys {
  hashKey: string;
  hashIv: string;
}

export type EcpayHashMethod = 'sha256' | 'md5';

/** The .NET forms ECPay's encoder keeps literal, after lower-casing (the documented table). */
const DOT_NET_REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['%2d', '-'],
  ['%5f', '_'],
  ['%2e', '.'],
  ['%21', '!'],
  ['%2a', '*'],
  ['%28', '('],
  ['%29', ')'],
];

/**
 * ECPay's URL encoding of the whole string. encodeURIComponent differs from PHP's
 * urlencode in three places, mended first: it writes a space as %20 (PHP: `+`) and leaves
 * `~` and `'` alone (PHP: %7E, %27); the `!*()` it leaves alone are what the .NET
 * replacements restore anyway. Lower-casing then touches only ASCII: everything else is
 * already percent-encoded. Throws on a lone surrogate (no UTF-8 form, so no valid value).
 */
export function ecpayUrlEncode(text: string): string {
  let encoded = encodeURIComponent(text).replace(/%20/g, '+').replace(/~/g, '%7e').replace(/'/g, '%27').toLowerCase();
  for (const [from, to] of DOT_NET_REPLACEMENTS) encoded = encoded.split(from).join(to);
  return encoded;
}

/** PHP's strcasecmp on ASCII names: A-Z folded to a-z, then compared unit by unit. */
function compareNames(a: string, b: string): number {
  const foldedA = a.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const foldedB = b.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  // Names equal but for case: PHP leaves their order to the sort; fixed here so it never varies.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Step 2: the string that is encoded and hashed. */
export function checkMacSource(fields: Readonly<Record<string, string>>, keys: EcpayKeys): string {
  const pairs = Object.keys(fields)
    .filter((name) => name !== CHECK_MAC_VALUE_FIELD)
    .sort(compareNames)
    .map((name) => `${name}=${fields[name]}`);
  return [`HashKey=${keys.hashKey}`, ...pairs, `HashIV=${keys.hashIv}`].join('&');
}

export function ecpayCheckMacValue(fields: Readonly<Record<string, string>>, keys: EcpayKeys, method: EcpayHashMethod = 'sha256'): string {
  return createHash(method)
    .update(ecpayUrlEncode(checkMacSource(fields, keys)), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** The fields with their CheckMacValue added (what is posted to ECPay, or what ECPay posts). */
export function signEcpayFields(fields: Readonly<Record<string, string>>, keys: EcpayKeys): Record<string, string> {
  return { ...fields, [CHECK_MAC_VALUE_FIELD]: ecpayCheckMacValue(fields, keys) };
}

/**
 * Whether the fields carry their own SHA256 CheckMacValue, compared in constant time (the
 * length is fixed by the format check, so only a well-formed value reaches the compare).
 * A value that cannot be encoded (a lone surrogate) cannot have been signed: false.
 */
export function hasValidEcpayCheckMacValue(fields: Readonly<Record<string, string>>, keys: EcpayKeys): boolean {
  const given = fields[CHECK_MAC_VALUE_FIELD];
  if (typeof given !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(given)) return false;
  let expected: string;
  try {
    expected = ecpayCheckMacValue(fields, keys);
  } catch {
    return false;
  }
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));
}
