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

export function isValidTaiwanMobile(input: string): boolean {
  return normalizeTaiwanMobile(input) !== null;
}

/** `0912***678`: for screens and logs, never the whole number. */
export function maskTaiwanMobile(mobile: string): string {
  return mobile.length >= 10 ? `${mobile.slice(0, 4)}***${mobile.slice(-3)}` : '***';
}
