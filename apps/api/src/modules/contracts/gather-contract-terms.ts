import { CONTRACT_NOT_SIGNABLE } from '@app/contract/messages/contracts.ts';
import { maskBankAccount } from '@app/contract/validators/bank-account.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { extensionFee } from '../../domain/loan-extension.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money } from '../../domain/money.ts';
import { AppError } from '../../errors/app-error.ts';
import { type BankDirectory, findOwnBankAccount } from '../bank-accounts/index.ts';
import { getBorrowerIdentity } from '../onboarding/index.ts';
import type { LoanOrder } from '../orders/index.ts';
import { CONTRACT_REVIEW_DAYS } from '../../domain/lending-limits.ts';
import type { ContractLender, ContractTerms } from './contract-terms.ts';

/**
 * The values the contract prints for `order` (the caller's own): the terms and quote
 * the order was applied with, the borrower as verified in onboarding (name, ID number
 * masked), the receiving account masked. Nothing here is recomputed: the contract says
 * what the borrower was quoted.
 */
export async function gatherContractTerms(options: {
  db: Db;
  directory: BankDirectory;
  lender: ContractLender;
  order: LoanOrder;
  /** The account's mobile number (masked in the text). */
  phone: string;
}): Promise<ContractTerms> {
  const { db, order } = options;
  const refuse = (message: string) => new AppError('BUSINESS_RULE', { userMessage: CONTRACT_NOT_SIGNABLE, message });
  const identity = await getBorrowerIdentity({ db, userId: order.userId });
  if (!identity) throw refuse('no personal details for the contract');
  if (order.bankAccountId === null) throw refuse('order without a receiving account');
  const account = await findOwnBankAccount({ db, userId: order.userId, cardId: String(order.bankAccountId) });
  const { quote, terms } = order;
  const extension = quote.method === 'singleRepayment' ? terms.extension : null;
  return {
    orderNo: order.orderNo,
    offeredOn: taipeiCalendarDate(order.createdAt),
    lender: options.lender,
    borrower: {
      name: identity.name,
      maskedIdNumber: identity.maskedIdNumber,
      maskedMobile: maskTaiwanMobile(options.phone),
    },
    account: {
      bankName: options.directory.bank(account.bankCode)?.name ?? account.bankCode,
      branchName: account.branchCode ? (options.directory.branch(account.branchCode)?.name ?? null) : null,
      holderName: account.holderName,
      maskedNumber: maskBankAccount(account.accountNumber),
    },
    productName: quote.productName,
    purpose: order.purpose,
    method: quote.method,
    principal: quote.principal,
    term: quote.term,
    annualRatePercent: quote.annualRatePercent,
    fees: quote.fees.map((fee) => ({ name: fee.name, amount: fee.amount })),
    interest: quote.interest,
    totalRepayment: quote.totalRepayment,
    instalments: quote.instalments,
    aprPercent: quote.aprPercent,
    aprCapPercent: quote.aprCapPercent,
    aprBaseDate: quote.aprBaseDate,
    aprFootnote: quote.aprFootnote,
    extension: extension && {
      periodDays: extension.periodDays,
      maxCount: extension.maxCount,
      windowDays: extension.windowDays,
      feeFixed: extension.fee.fixed,
      feePercentOfPrincipal: extension.fee.percentOfPrincipal,
      feeAmount: extensionFee(extension, money(quote.principal)),
    },
    reviewDays: CONTRACT_REVIEW_DAYS,
  };
}
