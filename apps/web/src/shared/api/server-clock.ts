/**
 * The server's clock as the app knows it: every API answer's `Date` header tells how far
 * the phone's clock is off (a phone set an hour or a day wrong would otherwise show a
 * store code's expiry wrong). The header has whole seconds, so differences under 1.5 s
 * are taken as none (the countdown does not jump back and forth by a second).
 */
let offsetMs = 0;

const TOLERANCE_MS = 1_500;

/** Reads an answer's `Date` header (null when the server's origin does not expose it). */
export function noteServerDate(header: string | null, receivedAt: number = Date.now()): void {
  if (!header) return;
  const sent = Date.parse(header);
  if (Number.isNaN(sent)) return;
  // Sent somewhere within that second, and received a moment later: the middle of it.
  const offset = sent + 500 - receivedAt;
  if (Math.abs(offset - offsetMs) > TOLERANCE_MS) offsetMs = Math.abs(offset) > TOLERANCE_MS ? offset : 0;
}

/** Now by the server's clock (ms since the epoch). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
