/** Legal cap of the APR (總費用年百分率, Civil Code art. 205), shown with every quote. */
export const APR_CAP_PERCENT = 16;

/** No product shorter than this (PRODUCT.md "No short rollovers"; configurable). */
export const MIN_TERM_DAYS = 61;

/** Extension defaults of a single-repayment product (PRODUCT.md "Extension"). */
export const DEFAULT_EXTENSION_PERIOD_DAYS = 30;
export const DEFAULT_MAX_EXTENSIONS = 2;

/**
 * Whether an APR (a fraction, 0.16 = 16 %) is over the cap in percent. The unrounded
 * rate is compared: 16.004 % shows as 16.00 % but is still over a 16 % cap. The 1e-9
 * margin only absorbs float noise of a rate solved exactly at the cap.
 */
export function exceedsAprCap(apr: number, capPercent: number): boolean {
  return apr * 100 > capPercent + 1e-9;
}

/**
 * The contract review period (契約審閱期, Consumer Protection Act art. 11-1, which allows
 * up to 30 days; bank loan contracts commonly give 5): the borrower may take the contract
 * away and read it this many days before signing; a clause waiving it is void. Shown
 * before signing (checkTips) and printed in the contract.
 */
export const CONTRACT_REVIEW_DAYS = 5;
