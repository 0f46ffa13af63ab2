import {
  PRODUCT_EXTENSION_NOT_ALLOWED,
  PRODUCT_INVALID_AMOUNT_RANGE,
  PRODUCT_NO_TERMS,
  productAprOverCap,
  productExtendedAprOverCap,
  PRODUCT_NAME_INVALID,
  PRODUCT_NAME_TAKEN,
  PRODUCT_NOT_FOUND_ADMIN,
  productTermTooShort,
} from '@app/contract/messages/loans.ts';
import type { Db } from '../../db/client.ts';
import { aprPercent } from '../../domain/apr.ts';
import { checkLoanProduct, worstCasesByTerm, type ProductProblem } from '../../domain/interest-cap.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { AppError } from '../../errors/app-error.ts';
import { productNameTaken, selectProduct, updateProduct, upsertProduct, type LoanProductRecord } from './loans-repository.ts';

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

export interface ProductCheck {
  /** Every reason it cannot be saved, in the operator's words (empty: it can). */
  problems: string[];
  /** The dearest amount and term the product allows, alone and with extensions (APR in percent, 2 decimals); null when nothing could be priced. */
  worst: { amount: number; term: number; aprPercent: number } | null;
  worstExtended: { amount: number; term: number; aprPercent: number } | null;
  capPercent: number;
}

/**
 * What the console shows as the operator types: the same check saving runs (the domain's
 * interest-cap), with the dearest case's APR even when it is under the cap.
 */
export function checkProductTerms(terms: LoanProductTerms, now: Date): ProductCheck {
  const today = taipeiCalendarDate(now);
  const problems = checkLoanProduct(terms, { today });
  const answer: ProductCheck = {
    problems: problems.map(describeProductProblem),
    worst: null,
    worstExtended: null,
    capPercent: APR_CAP_PERCENT,
  };
  if (problems.some((problem) => problem.code === 'invalidAmountRange' || problem.code === 'noTerms')) return answer;
  for (const { term, worst, worstExtended } of worstCasesByTerm(terms, { today })) {
    if (worst && (answer.worst === null || aprPercent(worst.apr) > answer.worst.aprPercent))
      answer.worst = { amount: worst.amount, term, aprPercent: aprPercent(worst.apr) };
    if (worstExtended && (answer.worstExtended === null || aprPercent(worstExtended.apr) > answer.worstExtended.aprPercent)) {
      answer.worstExtended = { amount: worstExtended.amount, term, aprPercent: aprPercent(worstExtended.apr) };
    }
  }
  return answer;
}

function refuseProblems(terms: LoanProductTerms, now: Date): void {
  const problems = checkLoanProduct(terms, { today: taipeiCalendarDate(now) });
  if (problems.length > 0) {
    throw new AppError('BUSINESS_RULE', {
      userMessage: problems.map(describeProductProblem).join('；'),
      message: `loan product refused: ${problems.map((problem) => problem.code).join(', ')}`,
    });
  }
}

function checkedName(raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > 40)
    throw new AppError('FIELD_INVALID', { userMessage: PRODUCT_NAME_INVALID, message: 'loan product name must be 1-40 characters' });
  return name;
}

/**
 * The one way a loan product is written (the seed, the operator command, the back
 * office): refused, with nothing stored, when any amount and term it allows — alone or
 * with every extension taken as early as allowed — would cost more than the APR cap, or
 * when a term is shorter than the minimum (domain/interest-cap.ts). A product with the
 * same name is replaced as its next version. Run it in a transaction (the product and its
 * version row are two writes). Answers the id and version.
 */
export async function saveLoanProduct(options: {
  db: Db;
  now: Date;
  product: LoanProductInput;
  changedBy?: string;
}): Promise<{ id: number; version: number }> {
  const { db, now, product } = options;
  const name = checkedName(product.name);
  refuseProblems(product.terms, now);
  return upsertProduct(
    db,
    { name, terms: product.terms, enabled: product.enabled ?? true, sortOrder: product.sortOrder ?? 0 },
    now,
    options.changedBy ?? '',
  );
}

/**
 * An operator's change of product `productId` (terms, name, order, retired or offered):
 * the same checks as saving, then the product's next version. Orders already made keep
 * the version and terms they were made with (loan_orders.product_version and terms);
 * only new quotes and applications see the change. Answers the version before and after.
 */
export async function changeLoanProduct(options: {
  db: Db;
  now: Date;
  productId: number;
  product: LoanProductInput;
  changedBy: string;
}): Promise<{ before: LoanProductRecord; after: { id: number; version: number } }> {
  const { db, now, productId, product } = options;
  const name = checkedName(product.name);
  const before = await selectProduct(db, productId);
  if (!before) throw new AppError('NOT_FOUND', { userMessage: PRODUCT_NOT_FOUND_ADMIN, message: 'loan product not found' });
  // Retiring keeps the terms as they are: a product retired is not re-checked against a cap that changed since.
  if (product.enabled !== false) refuseProblems(product.terms, now);
  if (await productNameTaken(db, name, productId))
    throw new AppError('BUSINESS_RULE', { userMessage: PRODUCT_NAME_TAKEN, message: 'loan product name taken' });
  const after = await updateProduct(
    db,
    productId,
    { name, terms: product.terms, enabled: product.enabled ?? true, sortOrder: product.sortOrder ?? 0 },
    now,
    options.changedBy,
  );
  if (!after) throw new AppError('NOT_FOUND', { userMessage: PRODUCT_NOT_FOUND_ADMIN, message: 'loan product not found' });
  return { before, after };
}

/** A new product from the console: refused when its name is taken (an edit goes through changeLoanProduct). */
export async function createLoanProduct(options: {
  db: Db;
  now: Date;
  product: LoanProductInput;
  changedBy: string;
}): Promise<{ id: number; version: number }> {
  const name = checkedName(options.product.name);
  refuseProblems(options.product.terms, options.now);
  if (await productNameTaken(options.db, name, null))
    throw new AppError('BUSINESS_RULE', { userMessage: PRODUCT_NAME_TAKEN, message: 'loan product name taken' });
  return saveLoanProduct(options);
}
