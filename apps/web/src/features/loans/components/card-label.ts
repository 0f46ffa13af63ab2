import type { LoanInitCard } from '../api/loan-init.ts';

/** A receiving account as the borrower recognises it: the bank and the masked number. */
export function cardLabel(card: LoanInitCard): string {
  return `${card.bankName} ${card.accountMasked}`;
}
