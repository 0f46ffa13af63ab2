/**
 * Borrowers must be 20 or over (docs/product.md). The server checks it against the
 * Taipei calendar date; the form's date picker ends on the latest birth date that passes.
 */
export const MIN_BORROWER_AGE = 20;
