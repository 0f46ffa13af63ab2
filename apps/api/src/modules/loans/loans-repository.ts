import { and, asc, desc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loanCampaigns, loanProducts, loanProductVersions } from '../../db/schema/loans.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { money } from '../../domain/money.ts';

/** The only code touching `loan_products`, `loan_product_versions` and `loan_campaigns`. */

export interface LoanProductRecord {
  id: number;
  name: string;
  terms: LoanProductTerms;
  enabled: boolean;
  sortOrder: number;
  /** The current version (loan_product_versions). */
  version: number;
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
    version: row.version,
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

export interface ProductValues {
  name: string;
  terms: LoanProductTerms;
  enabled: boolean;
  sortOrder: number;
}

function columnsOf(product: ProductValues, now: Date) {
  const { terms } = product;
  return {
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
}

async function insertVersion(
  db: Db,
  productId: number,
  version: number,
  product: ProductValues,
  changedBy: string,
  now: Date,
): Promise<void> {
  await db.insert(loanProductVersions).values({
    productId,
    version,
    name: product.name,
    terms: { ...product.terms, amount: { ...product.terms.amount }, terms: [...product.terms.terms], fees: [...product.terms.fees] },
    enabled: product.enabled,
    sortOrder: product.sortOrder,
    changedBy,
    createdAt: now,
  });
}

/**
 * Inserts the product, or replaces the one with the same name as its next version; the
 * version row is written alongside (run in a transaction). Answers its id and version.
 */
export async function upsertProduct(db: Db, product: ProductValues, now: Date, changedBy = ''): Promise<{ id: number; version: number }> {
  const values = columnsOf(product, now);
  const [row] = await db
    .insert(loanProducts)
    .values({ ...values, version: 1, createdAt: now })
    .onConflictDoUpdate({ target: loanProducts.name, set: { ...values, version: sql`${loanProducts.version} + 1` } })
    .returning({ id: loanProducts.id, version: loanProducts.version });
  if (!row) throw new Error('loan product not saved');
  await insertVersion(db, row.id, row.version, product, changedBy, now);
  return row;
}

/** Replaces product `id` as its next version (with its version row); null when there is no such product. */
export async function updateProduct(
  db: Db,
  id: number,
  product: ProductValues,
  now: Date,
  changedBy: string,
): Promise<{ id: number; version: number } | null> {
  const [row] = await db
    .update(loanProducts)
    .set({ ...columnsOf(product, now), version: sql`${loanProducts.version} + 1` })
    .where(eq(loanProducts.id, id))
    .returning({ id: loanProducts.id, version: loanProducts.version });
  if (!row) return null;
  await insertVersion(db, row.id, row.version, product, changedBy, now);
  return row;
}

/** Whether another product than `exceptId` has this name. */
export async function productNameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: loanProducts.id })
    .from(loanProducts)
    .where(exceptId === null ? eq(loanProducts.name, name) : and(eq(loanProducts.name, name), ne(loanProducts.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export interface ProductVersionRecord {
  productId: number;
  version: number;
  name: string;
  terms: LoanProductTerms;
  enabled: boolean;
  sortOrder: number;
  changedBy: string;
  createdAt: Date;
}

/** A product's versions, newest first. */
export async function selectProductVersions(db: Db, productId: number): Promise<ProductVersionRecord[]> {
  return db
    .select({
      productId: loanProductVersions.productId,
      version: loanProductVersions.version,
      name: loanProductVersions.name,
      terms: loanProductVersions.terms,
      enabled: loanProductVersions.enabled,
      sortOrder: loanProductVersions.sortOrder,
      changedBy: loanProductVersions.changedBy,
      createdAt: loanProductVersions.createdAt,
    })
    .from(loanProductVersions)
    .where(eq(loanProductVersions.productId, productId))
    .orderBy(desc(loanProductVersions.version));
}

export interface CampaignRecord {
  id: number;
  title: string;
  discountBasisPoints: number;
  productId: number | null;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

const campaignColumns = {
  id: loanCampaigns.id,
  title: loanCampaigns.title,
  discountBasisPoints: loanCampaigns.discountBasisPoints,
  productId: loanCampaigns.productId,
  startsAt: loanCampaigns.startsAt,
  endsAt: loanCampaigns.endsAt,
  createdAt: loanCampaigns.createdAt,
};

/** Every campaign, the latest ending first. */
export async function selectCampaigns(db: Db): Promise<CampaignRecord[]> {
  return db.select(campaignColumns).from(loanCampaigns).orderBy(desc(loanCampaigns.endsAt), desc(loanCampaigns.id));
}

export async function selectCampaign(db: Db, id: number): Promise<CampaignRecord | null> {
  const [row] = await db.select(campaignColumns).from(loanCampaigns).where(eq(loanCampaigns.id, id)).limit(1);
  return row ?? null;
}

/** Campaigns running at `now` (started, not ended), for one product (its own and the ones for every product) or for all. */
export async function selectRunningCampaigns(db: Db, now: Date, productId?: number): Promise<CampaignRecord[]> {
  const running = and(lte(loanCampaigns.startsAt, now), gt(loanCampaigns.endsAt, now));
  return db
    .select(campaignColumns)
    .from(loanCampaigns)
    .where(productId === undefined ? running : and(running, or(isNull(loanCampaigns.productId), eq(loanCampaigns.productId, productId))))
    .orderBy(asc(loanCampaigns.endsAt), asc(loanCampaigns.id));
}

export type CampaignValues = Omit<CampaignRecord, 'id' | 'createdAt'>;

export async function insertCampaign(db: Db, values: CampaignValues, now: Date): Promise<number> {
  const [row] = await db
    .insert(loanCampaigns)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: loanCampaigns.id });
  if (!row) throw new Error('campaign not saved');
  return row.id;
}

export async function updateCampaign(db: Db, id: number, values: CampaignValues, now: Date): Promise<void> {
  await db
    .update(loanCampaigns)
    .set({ ...values, updatedAt: now })
    .where(eq(loanCampaigns.id, id));
}

/** Serialises the default products' seed across instances starting together. */
export async function lockProductSeed(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(734211003)`);
}

/** `max(amount_max)` of the enabled products (0 when none), as an SQL value. */
export function highestEnabledProductMax(): SQL<number> {
  return sql<number>`(select coalesce(max(${loanProducts.amountMax}), 0) from ${loanProducts} where ${loanProducts.enabled})`;
}
