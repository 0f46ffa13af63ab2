import type { TProductFormValues } from '@app/contract/admin/admin-config-schemas.ts';
import { PRODUCT_NOT_FOUND_ADMIN } from '@app/contract/messages/loans.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { listProductsForConsole, productFormOf, productInputOf, changeLoanProduct, createLoanProduct } from '../loans/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/**
 * An administrator creates, edits or retires a loan product: the loans module's checks
 * (the APR cap over every amount and term, the minimum term) refuse a product over the
 * cap with nothing stored; each save is the product's next version, in one transaction
 * with its audit row (before and after).
 */

export async function createProduct(options: {
  db: Db;
  actor: Actor;
  form: TProductFormValues;
  now: Date;
}): Promise<{ id: number; version: number }> {
  const { actor, form, now } = options;
  return options.db.transaction(async (tx) => {
    const saved = await createLoanProduct({ db: tx, now, product: productInputOf(form), changedBy: actor.operatorName });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'product.created',
      target: `product:${saved.id}`,
      after: { version: saved.version, ...form },
    });
    return saved;
  });
}

export async function updateProduct(options: {
  db: Db;
  actor: Actor;
  productId: number;
  form: TProductFormValues;
  now: Date;
}): Promise<{ id: number; version: number }> {
  const { actor, form, now, productId } = options;
  return options.db.transaction(async (tx) => {
    const { before, after } = await changeLoanProduct({
      db: tx,
      now,
      productId,
      product: productInputOf(form),
      changedBy: actor.operatorName,
    });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'product.updated',
      target: `product:${productId}`,
      before: { version: before.version, ...productFormOf(before) },
      after: { version: after.version, ...form },
    });
    return after;
  });
}

/** Retires a product: no longer offered to new applications; its orders and versions stay. */
export async function retireProduct(options: {
  db: Db;
  actor: Actor;
  productId: number;
  now: Date;
}): Promise<{ id: number; version: number }> {
  const { actor, now, productId } = options;
  return options.db.transaction(async (tx) => {
    const current = (await listProductsForConsole({ db: tx, now })).find((product) => product.id === productId);
    if (!current) throw new AppError('NOT_FOUND', { userMessage: PRODUCT_NOT_FOUND_ADMIN, message: 'loan product not found' });
    const form = { ...current.form, enabled: false };
    const { after } = await changeLoanProduct({ db: tx, now, productId, product: productInputOf(form), changedBy: actor.operatorName });
    await recordAudit({
      db: tx,
      actor,
      at: now,
      action: 'product.retired',
      target: `product:${productId}`,
      before: { version: current.version, enabled: current.form.enabled },
      after: { version: after.version, enabled: false },
    });
    return after;
  });
}
