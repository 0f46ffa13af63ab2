import {
  PRODUCT_EXTENSION_NOT_ALLOWED,
  PRODUCT_INVALID_AMOUNT_RANGE,
  PRODUCT_NO_TERMS,
  productAprOverCap,
  productExtendedAprOverCap,
  productTermTooShort,
} from '@app/contract/messages/loans.ts';
import type { Db } from '../../db/client.ts';
import { checkLoanProduct, type ProductProblem } from '../../domain/interest-cap.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { AppError } from '../../errors/app-error.ts';
import { upsertProduct } from './loans-repository.ts';

export interface LoanProductInput {
  /** Unique: saving a product with an existing name replaces that product. */
  name: string;
  terms: LoanProductTerms;
  enabled?: boolean;
  sortOrder?: number;
}

/** A product configuration's problems in the operator's words. */
export function describeProductProblem(problem: ProductProblem): string {
  switch (problem.code) {
    case 'invalidAmountRange':
      return PRODUCT_INVALID_AMOUNT_RANGE;
    case 'noTerms':
      return PRODUCT_NO_TERMS;
    case 'extensionNotAllowed':
      return PRODUCT_EXTENSION_NOT_ALLOWED;
    case 'termTooShort':
      return productTermTooShort(problem.term, problem.days, problem.minTermDays);
    case 'aprOverCap':
      return productAprOverCap(problem.amount, problem.term, problem.apr, problem.capPercent);
    case 'extendedAprOverCap':
      return productExtendedAprOverCap(problem.amount, problem.term, problem.apr, problem.capPercent);
  }
}

/**
 * The one way a loan product is written (the seed, the operator command, later the back
 * office): refused, with nothing stored, when any amount and term it allows — alone or
 * with every extension taken as early as allowed — would cost more than the APR cap, or
 * when a term is shorter than the minimum (domain/interest-cap.ts). Answers the id.
 */
export async function saveLoanProduct(options: { db: Db; now: Date; product: LoanProductInput }): Promise<{ id: number }> {
  const { db, now, product } = options;
  const name = product.name.trim();
  if (name === '' || name.length > 40) throw new AppError('FIELD_INVALID', { message: 'loan product name must be 1-40 characters' });
  const problems = checkLoanProduct(product.terms, { today: taipeiCalendarDate(now) });
  if (problems.length > 0) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: problems.map(describeProductProblem).join('；'),
      message: `loan product refused: ${problems.map((problem) => problem.code).join(', ')}`,
    });
  }
  const id = await upsertProduct(
    db,
    { name, terms: product.terms, enabled: product.enabled ?? true, sortOrder: product.sortOrder ?? 0 },
    now,
  );
  return { id };
}
