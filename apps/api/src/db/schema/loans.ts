import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExtensionTerms, FeeRule, InterestMethod } from '../../domain/loan-product-terms.ts';
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The seed and the operator command find a product by its name.
  (table) => [uniqueIndex('loan_products_name_uq').on(table.name)],
);
