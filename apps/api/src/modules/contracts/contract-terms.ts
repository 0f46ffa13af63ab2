import type { TLender } from '@app/contract/schemas/config.ts';
import type { TQuotedInstalment } from '@app/contract/schemas/loans.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';

/** The lender as the contract names it: the one lender configuration (config/env.ts). */
export type ContractLender = TLender;

/**
 * Every value a contract template prints, gathered from the order (its terms and the
 * quote the borrower applied for), onboarding (the verified name, the masked ID number)
 * and bank-accounts (the receiving account, masked). Plain data: the template escapes it.
 */
export interface ContractTerms {
  orderNo: string;
  /** The day the terms were offered (the application day, Asia/Taipei). */
  offeredOn: CalendarDate;
  lender: ContractLender;
  borrower: { name: string; maskedIdNumber: string; maskedMobile: string };
  account: { bankName: string; branchName: string | null; holderName: string; maskedNumber: string };
  productName: string;
  /** As the borrower chose it on the application (its label). */
  purpose: string;
  method: 'singleRepayment' | 'equalInstalments';
  principal: number;
  /** Days (single repayment) or months (equal instalments). */
  term: number;
  annualRatePercent: number;
  fees: ReadonlyArray<{ name: string; amount: number }>;
  interest: number;
  totalRepayment: number;
  instalments: readonly TQuotedInstalment[];
  aprPercent: number;
  aprCapPercent: number;
  aprBaseDate: CalendarDate;
  aprFootnote: string;
  /** Single-repayment products that may be extended; null otherwise. */
  extension: {
    periodDays: number;
    maxCount: number;
    windowDays: number;
    feeFixed: number;
    feePercentOfPrincipal: number;
    /** The fee of one extension for this principal. */
    feeAmount: number;
  } | null;
  /** The review period the borrower is given (Consumer Protection Act art. 11-1). */
  reviewDays: number;
}

/** What the signature adds to the terms: printed in the signed text, hashed with it. */
export interface ContractSigning {
  contractNo: string;
  signedAt: Date;
  /** `data:image/png;base64,…` of the borrower's signature. */
  signatureDataUri: string;
}

/** A versioned template: the same terms and signing always give the same HTML. */
export interface ContractTemplate {
  version: string;
  render(terms: ContractTerms, signing: ContractSigning | null): string;
}
