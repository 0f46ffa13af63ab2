/**
 * How every text writes money, the server's and the pages' alike (the signed contract's
 * legal wording, 新臺幣 … 元, is its own: contracts/templates/contract-format.ts).
 */

/** Whole New Taiwan dollars: NT$ 20,000, with a no-break space (the amount never wraps away from its currency). */
export function ntd(amount: number): string {
  return `NT$\u00a0${groupThousands(amount)}`;
}

/** A whole number with thousands separators: 20,000. */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
