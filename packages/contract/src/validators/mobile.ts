/**
 * Taiwan mobile numbers: `09xxxxxxxx` or E.164 `+8869xxxxxxxx`. Normalised to the
 * national form `09xxxxxxxx`, the one users type and the one we store.
 */
const NATIONAL = /^09\d{8}$/;
const E164 = /^\+8869\d{8}$/;

export function normalizeTaiwanMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  if (NATIONAL.test(compact)) return compact;
  if (E164.test(compact)) return `0${compact.slice(4)}`;
  return null;
}

/**
 * What a user typed into a field shown after a fixed '+886' prefix: people often leave
 * out the leading 0 there ('912345678'). Forms only; the API takes the two forms above.
 */
export function normalizeTypedTaiwanMobile(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return normalizeTaiwanMobile(/^9\d{8}$/.test(compact) ? `0${compact}` : compact);
}

export function isValidTaiwanMobile(input: string): boolean {
  return normalizeTaiwanMobile(input) !== null;
}

/** `0912***678`: for screens and logs, never the whole number. */
export function maskTaiwanMobile(mobile: string): string {
  return mobile.length >= 10 ? `${mobile.slice(0, 4)}***${mobile.slice(-3)}` : '***';
}
