import type { TAdminProduct, TProductFormValues, TProductVersionsResponse } from '@app/contract/admin/admin-config-schemas.ts';
import { PRODUCT_NOT_FOUND_ADMIN } from '@app/contract/messages/loans.ts';
import type { Db } from '../../db/client.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { money } from '../../domain/money.ts';
import { AppError } from '../../errors/app-error.ts';
import { countOrdersByProductVersion } from '../orders/index.ts';
import { selectProduct, selectProducts, selectProductVersions } from './loans-repository.ts';
import { checkProductTerms, type LoanProductInput } from './save-loan-product.ts';

/** The console's flat product form as the domain's terms (and back): one extension fee, named as the seed names it. */
export function productInputOf(form: TProductFormValues): LoanProductInput {
  const terms: LoanProductTerms = {
    method: form.method,
    annualRatePercent: form.annualRatePercent,
    amount: { min: money(form.amountMin), max: money(form.amountMax), step: money(form.amountStep) },
    terms: [...new Set(form.terms)].sort((a, b) => a - b),
    fees: form.fees.map((fee) => ({ code: fee.code, name: fee.name, fixed: money(fee.fixed), percentOfPrincipal: fee.percentOfPrincipal })),
    extension: form.extension
      ? {
          periodDays: form.extension.periodDays,
          maxCount: form.extension.maxCount,
          windowDays: form.extension.windowDays,
          fee: {
            code: 'extension',
            name: '展期手續費',
            fixed: money(form.extension.feeFixed),
            percentOfPrincipal: form.extension.feePercentOfPrincipal,
          },
        }
      : null,
  };
  return { name: form.name, terms, enabled: form.enabled, sortOrder: form.sortOrder };
}

export function productFormOf(product: { name: string; terms: LoanProductTerms; enabled: boolean; sortOrder: number }): TProductFormValues {
  const { terms } = product;
  return {
    name: product.name,
    method: terms.method,
    annualRatePercent: terms.annualRatePercent,
    amountMin: terms.amount.min,
    amountMax: terms.amount.max,
    amountStep: terms.amount.step,
    terms: [...terms.terms],
    fees: terms.fees.map((fee) => ({ ...fee })),
    extension: terms.extension
      ? {
          periodDays: terms.extension.periodDays,
          maxCount: terms.extension.maxCount,
          feeFixed: terms.extension.fee.fixed,
          feePercentOfPrincipal: terms.extension.fee.percentOfPrincipal,
          windowDays: terms.extension.windowDays,
        }
      : null,
    sortOrder: product.sortOrder,
    enabled: product.enabled,
  };
}

/** Every product, retired ones too, with its current version and its dearest APR today. */
export async function listProductsForConsole(options: { db: Db; now: Date }): Promise<TAdminProduct[]> {
  const records = await selectProducts(options.db, { includeDisabled: true });
  return records.map((record) => {
    const check = checkProductTerms(record.terms, options.now);
    const worst = Math.max(check.worst?.aprPercent ?? 0, check.worstExtended?.aprPercent ?? 0);
    return {
      id: record.id,
      version: record.version,
      form: productFormOf(record),
      updatedAt: record.updatedAt.toISOString(),
      worstAprPercent: check.worst === null ? null : worst,
    };
  });
}

/** A product's versions, newest first, each with the orders made with it: old versions stay readable. */
export async function listProductVersions(options: { db: Db; productId: number }): Promise<TProductVersionsResponse> {
  const { db, productId } = options;
  if (!(await selectProduct(db, productId)))
    throw new AppError('NOT_FOUND', { userMessage: PRODUCT_NOT_FOUND_ADMIN, message: 'loan product not found' });
  const [versions, orders] = await Promise.all([selectProductVersions(db, productId), countOrdersByProductVersion({ db, productId })]);
  return {
    items: versions.map((version) => ({
      version: version.version,
      form: productFormOf(version),
      changedBy: version.changedBy,
      createdAt: version.createdAt.toISOString(),
      orders: orders.get(version.version) ?? 0,
    })),
  };
}
