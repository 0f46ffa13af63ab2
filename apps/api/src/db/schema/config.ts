import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/config: operator-editable settings and home-page content. */

/** Operator-editable settings, e.g. the customer-service contact 'line'. */
export const appConfigs = pgTable('app_configs', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  extInfo: jsonb('ext_info').$type<Record<string, unknown>>().notNull().default({}),
  /** Public values are listed by POST /api/v3/common/config. */
  isPublic: boolean('is_public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Shown from this instant (null: already) until `endsAt` (null: no end); set in Taipei time in the console. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  content: text('content').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Shown from this instant (null: already) until `endsAt` (null: no end); set in Taipei time in the console. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A popup on the home page (getPop shows one at most once a Taipei day per user). */
export const popups = pgTable('popups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  imageUrl: text('image_url').notNull().default(''),
  linkUrl: text('link_url').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Shown from this instant (null: already) until `endsAt` (null: no end); set in Taipei time in the console. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * That a user closed a popup on a Taipei day (confirmPop): no other popup is shown to
 * them that day. One row per user and day.
 */
export const popupConfirmations = pgTable(
  'popup_confirmations',
  {
    userId: userRef(),
    /** The Asia/Taipei calendar day of the confirmation. */
    day: date('day', { mode: 'string' }).notNull(),
    popupId: integer('popup_id')
      .notNull()
      .references(() => popups.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] }), index('popup_confirmations_popup_id_idx').on(table.popupId)],
);
