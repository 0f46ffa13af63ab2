import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loanProducts } from '../../db/schema/loans.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { money } from '../../domain/money.ts';

/** The only code touching `loan_products`. */

export interface LoanProductRecord {
  id: number;
  name: string;
  terms: LoanProductTerms;
  enabled: boolean;
  sortOrder: number;
  updatedAt: Date;
}

type ProductRow = typeof loanProducts.$inferSelect;

function toRecord(row: ProductRow): LoanProductRecord {
  return {
    id: row.id,
    name: row.name,
    terms: {
      method: row.method,
      annualRatePercent: Number(row.annualRatePercent),
      amount: { min: money(row.amountMin), max: money(row.amountMax), step: money(row.amountStep) },
      terms: row.terms,
      fees: row.fees,
      extension: row.extension ?? null,
    },
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt,
  };
}

/** Products in their display order; only the enabled ones unless asked. */
export async function selectProducts(db: Db, options: { includeDisabled?: boolean } = {}): Promise<LoanProductRecord[]> {
  const query = db.select().from(loanProducts);
  const rows = await (options.includeDisabled ? query : query.where(eq(loanProducts.enabled, true))).orderBy(
    asc(loanProducts.sortOrder),
    asc(loanProducts.id),
  );
  return rows.map(toRecord);
}

export async function selectProduct(db: Db, id: number): Promise<LoanProductRecord | null> {
  const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, id)).limit(1);
  return row ? toRecord(row) : null;
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(loanProducts);
  return row?.n ?? 0;
}

/** Inserts the product, or replaces the one with the same name; answers its id. */
export async function upsertProduct(
  db: Db,
  product: { name: string; terms: LoanProductTerms; enabled: boolean; sortOrder: number },
  now: Date,
): Promise<number> {
  const { terms } = product;
  const values = {
    name: product.name,
    method: terms.method,
    annualRatePercent: terms.annualRatePercent,
    amountMin: terms.amount.min,
    amountMax: terms.amount.max,
    amountStep: terms.amount.step,
    terms: [...terms.terms],
    fees: [...terms.fees],
    extension: terms.extension,
    enabled: product.enabled,
    sortOrder: product.sortOrder,
    updatedAt: now,
  };
  const [row] = await db
    .insert(loanProducts)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: loanProducts.name, set: values })
    .returning({ id: loanProducts.id });
  if (!row) throw new Error('loan product not saved');
  return row.id;
}

/** Serialises the default products' seed across instances starting together. */
export async function lockProductSeed(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(734211003)`);
}

/** `max(amount_max)` of the enabled products (0 when none), as an SQL value. */
export function highestEnabledProductMax(): SQL<number> {
  return sql<number>`(select coalesce(max(${loanProducts.amountMax}), 0) from ${loanProducts} where ${loanProducts.enabled})`;
}
