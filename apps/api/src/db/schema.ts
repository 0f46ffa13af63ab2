import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One schema for PGlite and the PostgreSQL server (15 in CI): only SQL that 15 accepts.
 * A new module adds its tables here and runs `npm run db:generate` in apps/api.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Minimal now; the accounts work extends it (name, ID number, onboarding state…). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull().unique().default(sql`gen_random_uuid()`),
  phone: text('phone').unique(),
  createdAt: createdAt(),
});

/** The raw token is only ever with the client; a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

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
  createdAt: createdAt(),
});

export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  content: text('content').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Legal texts (user agreement, privacy policy…), shown by /pages/agreement. */
export const documents = pgTable('documents', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  version: text('version').notNull(),
  /** Markdown. */
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    eventContent: text('event_content').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('tracking_events_created_at_idx').on(table.createdAt)],
);

export const riskEvents = pgTable(
  'risk_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventType: text('event_type').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('risk_events_user_id_idx').on(table.userId)],
);

/**
 * First successful answer per (caller, path, requestId). The primary key is what makes a
 * repeat impossible to record twice, even across API instances.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    path: text('path').notNull(),
    requestId: text('request_id').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.path, table.requestId] })],
);

/** Accounts (issue 4): credentials, codes, shared data, uploads, questions, minimal loan orders. */
export * from './schema-accounts.ts';
