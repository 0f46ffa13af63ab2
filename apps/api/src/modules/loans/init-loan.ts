import { LOAN_PURPOSES } from '@app/contract/messages/loans.ts';
import type { TLoanInitResponse, TLoanInitSingleResponse } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { type BankDirectory, listBankAccounts } from '../bank-accounts/index.ts';
import { highestAmountWithin, toLoanProductView } from './loan-product-view.ts';
import { loadApplicant, requireOnboarded } from './load-applicant.ts';
import { findEnabledProduct } from './quote-product.ts';

const purposes = () => LOAN_PURPOSES.map((purpose) => ({ ...purpose }));

interface InitOptions {
  db: Db;
  directory: BankDirectory;
  userId: number;
  now: Date;
}

/**
 * loan/init (v3.1) — what the application form needs: the products this user may take
 * (each maximum lowered to the credit limit; a product whose minimum is above the limit
 * is left out), the user's own bank cards and the purposes. Onboarding must be complete.
 */
export async function initLoan(options: InitOptions): Promise<TLoanInitResponse> {
  const { db, directory, userId, now } = options;
  const today = taipeiCalendarDate(now);
  const [applicant, { cards }] = await Promise.all([loadApplicant({ db, userId, today }), listBankAccounts({ db, directory, userId })]);
  requireOnboarded(applicant);
  const { creditLimit } = applicant;
  const products = applicant.products
    .filter((record) => highestAmountWithin(record, creditLimit) > 0)
    .map((record) => toLoanProductView(record, { today, amountMax: creditLimit }));
  return { products, creditLimit, bankCards: cards, purposes: purposes() };
}

/**
 * loan/init (v3) — the same for one product, kept for older clients. A product above the
 * limit is still answered, with amountMax 0, so the form can say why.
 */
export async function initLoanProduct(options: InitOptions & { productId: string }): Promise<TLoanInitSingleResponse> {
  const { db, directory, userId, now } = options;
  const today = taipeiCalendarDate(now);
  const [applicant, record, { cards }] = await Promise.all([
    loadApplicant({ db, userId, today }),
    findEnabledProduct({ db, productId: options.productId }),
    listBankAccounts({ db, directory, userId }),
  ]);
  requireOnboarded(applicant);
  return {
    product: toLoanProductView(record, { today, amountMax: applicant.creditLimit }),
    creditLimit: applicant.creditLimit,
    bankCards: cards,
    purposes: purposes(),
  };
}
