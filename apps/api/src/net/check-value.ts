import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The check value of a gateway notification (Taiwan gateways call it CheckMacValue):
 * HMAC-SHA256, keyed by the notification secret, over the canonical form of every other
 * field — `key=value` pairs sorted by key (byte order), joined by `&` — as upper-case hex.
 */
export const CHECK_VALUE_FIELD = 'CheckMacValue';

export function canonicalFields(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((key) => key !== CHECK_VALUE_FIELD)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

export function computeCheckValue(fields: Readonly<Record<string, string>>, secret: string): string {
  return createHmac('sha256', secret).update(canonicalFields(fields), 'utf8').digest('hex').toUpperCase();
}

/** The fields with their check value added. */
export function signFields(fields: Readonly<Record<string, string>>, secret: string): Record<string, string> {
  return { ...fields, [CHECK_VALUE_FIELD]: computeCheckValue(fields, secret) };
}

/** Whether the check value matches, compared in constant time. */
export function hasValidCheckValue(fields: Readonly<Record<string, string>>, secret: string): boolean {
  const given = fields[CHECK_VALUE_FIELD];
  if (typeof given !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(computeCheckValue(fields, secret), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}
