import {
  aprTip,
  EARLY_REPAYMENT_TIP,
  reviewPeriodTip,
  TIP_APR_TITLE,
  TIP_EARLY_REPAYMENT_TITLE,
  TIP_REVIEW_PERIOD_TITLE,
  TIP_TOTAL_COST_TITLE,
  totalCostTip,
} from '@app/contract/messages/loans.ts';
import type { TCheckTipsResponse, TQuoteRequest } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { loadApplicant, requireOnboarded } from './load-applicant.ts';
import { CONTRACT_REVIEW_DAYS } from '../../domain/lending-limits.ts';
import { findRunningCampaign } from './campaigns.ts';
import { findEnabledProduct, quoteProduct } from './quote-product.ts';

/**
 * loan/checkTips — what the borrower reads before applying: the quote (within the credit
 * limit) and the statements on its total cost, its APR with the footnote, the review
 * period and the right to repay early.
 */
export async function checkLoanTips(options: { db: Db; userId: number; now: Date; request: TQuoteRequest }): Promise<TCheckTipsResponse> {
  const { db, userId, now, request } = options;
  const today = taipeiCalendarDate(now);
  const [applicant, record] = await Promise.all([
    loadApplicant({ db, userId, today }),
    findEnabledProduct({ db, productId: request.productId }),
  ]);
  requireOnboarded(applicant);
  const campaign = await findRunningCampaign({ db, productId: record.id, now });
  const quote = quoteProduct({ record, amount: request.amount, term: request.term, today, creditLimit: applicant.creditLimit, campaign });
  const fees = quote.fees.reduce((total, fee) => total + fee.amount, 0);
  return {
    quote,
    tips: [
      { title: TIP_TOTAL_COST_TITLE, text: totalCostTip(quote.principal, quote.interest, fees, quote.totalRepayment) },
      { title: TIP_APR_TITLE, text: aprTip(quote.aprPercent, quote.aprCapPercent, quote.aprFootnote) },
      { title: TIP_REVIEW_PERIOD_TITLE, text: reviewPeriodTip(CONTRACT_REVIEW_DAYS) },
      { title: TIP_EARLY_REPAYMENT_TITLE, text: EARLY_REPAYMENT_TIP },
    ],
    reviewPeriodDays: CONTRACT_REVIEW_DAYS,
  };
}
