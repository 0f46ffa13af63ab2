import {
  aprFootnote,
  PRODUCT_NOT_FOUND,
  quoteAmountOffStep,
  quoteAmountOutOfRange,
  quoteAprOverCap,
  quoteCampaignLine,
  quoteOverCreditLimit,
  quoteTermNotOffered,
} from '@app/contract/messages/loans.ts';
import type { TLoanQuote, TQuoteRequest } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { taipeiCalendarDate, type CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { quoteLoan, type LoanQuote, type QuoteRefusal } from '../../domain/loan-quote.ts';
import { money } from '../../domain/money.ts';
import { AppError } from '../../errors/app-error.ts';
import { termUnitOf } from './loan-product-view.ts';
import { discountedTerms, findRunningCampaign } from './campaigns.ts';
import { selectProduct, type CampaignRecord, type LoanProductRecord } from './loans-repository.ts';
import { isRowId } from '../../db/row-id.ts';

function refusalMessage(refusal: QuoteRefusal, record: LoanProductRecord): string {
  switch (refusal.code) {
    case 'amountOutOfRange':
      return quoteAmountOutOfRange(refusal.min, refusal.max);
    case 'amountOffStep':
      return quoteAmountOffStep(record.terms.amount.min, refusal.step);
    case 'termNotOffered':
      return quoteTermNotOffered(refusal.terms, termUnitOf(record));
    case 'aprOverCap':
      return quoteAprOverCap(refusal.apr, refusal.capPercent);
  }
}

/** The domain's quote in the contract's shape, with the product, the APR footnote and the campaign it includes. */
export function toQuoteView(record: LoanProductRecord, term: number, quote: LoanQuote, campaign: CampaignRecord | null = null): TLoanQuote {
  const annualRatePercent = campaign
    ? discountedTerms(record.terms, campaign.discountBasisPoints).annualRatePercent
    : record.terms.annualRatePercent;
  return {
    productId: String(record.id),
    productName: record.name,
    method: record.terms.method,
    term,
    termUnit: termUnitOf(record),
    annualRatePercent,
    principal: quote.principal,
    amountReceived: quote.amountReceived,
    interest: quote.interest,
    fees: quote.fees.map((fee) => ({ ...fee })),
    totalRepayment: quote.totalRepayment,
    instalments: quote.instalments.map((row) => ({ ...row })),
    aprPercent: quote.apr,
    aprCapPercent: APR_CAP_PERCENT,
    aprBaseDate: quote.aprBaseDate,
    aprFootnote: aprFootnote(quote.aprBaseDate),
    campaign: campaign
      ? {
          id: campaign.id,
          title: campaign.title,
          discountPercent: campaign.discountBasisPoints / 100,
          baseAnnualRatePercent: record.terms.annualRatePercent,
          text: quoteCampaignLine(campaign.title, campaign.discountBasisPoints / 100, record.terms.annualRatePercent, annualRatePercent),
        }
      : null,
  };
}

/** The terms a quote (and the order made from it) is priced on: the product's, with a running campaign's discount. */
export function quotedTerms(record: LoanProductRecord, campaign: CampaignRecord | null) {
  return campaign ? discountedTerms(record.terms, campaign.discountBasisPoints) : record.terms;
}

/** An enabled product by its id (from a request), or PRODUCT_NOT_FOUND. */
export async function findEnabledProduct(options: { db: Db; productId: string }): Promise<LoanProductRecord> {
  const id = Number(options.productId);
  const record = isRowId(id) ? await selectProduct(options.db, id) : null;
  if (!record || !record.enabled)
    throw new AppError('BUSINESS_RULE', { userMessage: PRODUCT_NOT_FOUND, message: 'loan product not found' });
  return record;
}

/**
 * The quote for `amount` over `term` paid out today, within the product's amounts, steps
 * and terms (and the caller's credit limit when given), under the cap, priced on the rate
 * lowered by `campaign` when one runs; a refusal names what is allowed, in the borrower's
 * words (every problem found).
 */
export function quoteProduct(options: {
  record: LoanProductRecord;
  amount: number;
  term: number;
  today: CalendarDate;
  creditLimit?: number;
  campaign?: CampaignRecord | null;
}): TLoanQuote {
  const { record, amount, term, today, creditLimit, campaign = null } = options;
  const result = quoteLoan({ terms: quotedTerms(record, campaign), amount: money(amount), term, today });
  if (!result.ok) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: result.refusals.map((refusal) => refusalMessage(refusal, record)).join('；'),
      message: `quote refused: ${result.refusals.map((refusal) => refusal.code).join(', ')}`,
    });
  }
  if (creditLimit !== undefined && amount > creditLimit) {
    throw new AppError('BUSINESS_RULE', { userMessage: quoteOverCreditLimit(creditLimit), message: 'quote over the credit limit' });
  }
  return toQuoteView(record, term, result.quote, campaign);
}

/** adjust: a quote for an enabled product (no credit limit: the product's own range), with the campaign running now. */
export async function quoteLoanRequest(options: { db: Db; request: TQuoteRequest; now: Date }): Promise<{ quote: TLoanQuote }> {
  const { db, request, now } = options;
  const record = await findEnabledProduct({ db, productId: request.productId });
  const campaign = await findRunningCampaign({ db, productId: record.id, now });
  return { quote: quoteProduct({ record, amount: request.amount, term: request.term, today: taipeiCalendarDate(now), campaign }) };
}
