import { BANK_CARD_NOT_FOUND } from '@app/contract/messages/bank-accounts.ts';
import { LOAN_PURPOSE_INVALID, LOAN_PURPOSES } from '@app/contract/messages/loans.ts';
import type { TLoanApplyRequest, TLoanApplyResponse } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { AppError } from '../../errors/app-error.ts';
import { type BankDirectory, listBankAccounts } from '../bank-accounts/index.ts';
import { createOrder } from '../orders/index.ts';
import { loadApplicant, requireFreeToApply } from './load-applicant.ts';
import { findRunningCampaign } from './campaigns.ts';
import { findEnabledProduct, quotedTerms, quoteProduct } from './quote-product.ts';

/**
 * loan/apply — creates the order awaiting signature (待簽約) from a fresh quote: onboarding
 * complete, no open order and no cool-down, one of the user's own bank cards, a purpose
 * from the list, an amount and term the product allows within the credit limit and the
 * APR cap. Runs inside the request's idempotency transaction (the payload's requestId),
 * so copies of one request create one order; a different request while an order is open
 * is refused (also under a race: the orders module's unique index).
 */
export async function applyForLoan(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  now: Date;
  request: TLoanApplyRequest;
}): Promise<TLoanApplyResponse> {
  const { db, directory, userId, now, request } = options;
  const today = taipeiCalendarDate(now);
  const [applicant, record, { cards }] = await Promise.all([
    loadApplicant({ db, userId, today }),
    findEnabledProduct({ db, productId: request.productId }),
    listBankAccounts({ db, directory, userId }),
  ]);
  requireFreeToApply(applicant);
  const card = cards.find((own) => own.id === request.bankCardId);
  if (!card) throw new AppError('BUSINESS_RULE', { userMessage: BANK_CARD_NOT_FOUND, message: 'bank account not found' });
  const purpose = LOAN_PURPOSES.find((known) => known.code === request.purpose);
  if (!purpose) throw new AppError('BUSINESS_RULE', { userMessage: LOAN_PURPOSE_INVALID, message: 'unknown purpose' });
  // A campaign running now lowers the rate: the order keeps the lowered terms for its whole life.
  const campaign = await findRunningCampaign({ db, productId: record.id, now });
  const quote = quoteProduct({ record, amount: request.amount, term: request.term, today, creditLimit: applicant.creditLimit, campaign });
  const order = await createOrder({
    db,
    userId,
    product: { id: record.id, version: record.version, name: record.name, terms: quotedTerms(record, campaign) },
    principal: quote.principal,
    term: quote.term,
    bankAccountId: Number(card.id),
    bankAccountLabel: `${card.bankName} ${card.accountMasked}`,
    // The label, as the contract and the order show it.
    purpose: purpose.label,
    quote,
    requestId: request.requestId,
    now,
  });
  return { orderId: String(order.id), state: order.state, quote };
}
