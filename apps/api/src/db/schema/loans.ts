import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExtensionTerms, FeeRule, InterestMethod, LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { createdAt } from './columns.ts';

/** Owned by modules/loans. */

/**
 * The loan products borrowers choose from. Written only through the loans module's
 * `saveLoanProduct`, which refuses any configuration whose APR could exceed the cap (every
 * amount and term, extensions included) or whose term is shorter than the minimum.
 * Amounts are whole NT dollars; terms are days (single repayment) or months (equal
 * instalments); fees and extension terms are kept as JSON in the domain's shapes.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    method: text('method').$type<InterestMethod>().notNull(),
    /** Contract interest rate, percent a year (exact decimal, 2.95 = 2.95 %). */
    annualRatePercent: numeric('annual_rate_percent', { precision: 7, scale: 4, mode: 'number' }).notNull(),
    amountMin: integer('amount_min').notNull(),
    amountMax: integer('amount_max').notNull(),
    amountStep: integer('amount_step').notNull(),
    terms: jsonb('terms').$type<number[]>().notNull(),
    fees: jsonb('fees').$type<FeeRule[]>().notNull().default([]),
    /** Single-repayment products only; null when the product cannot be extended. */
    extension: jsonb('extension').$type<ExtensionTerms | null>(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The current version (loan_product_versions): 1 at creation, one more on every change. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The seed and the operator command find a product by its name.
  (table) => [uniqueIndex('loan_products_name_uq').on(table.name)],
);

/**
 * Every version a product has had, written with the product in the same transaction and
 * never changed (decision 0150): an order names the version it was made with, and the
 * console shows a product's history. `changedBy` is the operator's name (or the seed).
 */
export const loanProductVersions = pgTable(
  'loan_product_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** The domain's LoanProductTerms as they were. */
    terms: jsonb('terms').$type<LoanProductTerms>().notNull(),
    enabled: boolean('enabled').notNull(),
    sortOrder: integer('sort_order').notNull(),
    changedBy: text('changed_by').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('loan_product_versions_product_version_uq').on(table.productId, table.version)],
);

/**
 * A time-boxed interest discount (decision 0152): while it runs, the contract rate of
 * the quote is lowered by `discountBasisPoints` (200 = 2 percentage points a year, never
 * below 0) and the APR is computed on the lowered rate; an order keeps the rate it was
 * quoted. Never a cash amount. `productId` null: every product.
 */
export const loanCampaigns = pgTable(
  'loan_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
    productId: integer('product_id').references(() => loanProducts.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('loan_campaigns_ends_at_idx').on(table.endsAt)],
);
