import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Owned by modules/tracking: usage and risk events, and real users' web vitals. */

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
 * Real users' web vitals (decision 0158): one row per sample the web app's beacon sent,
 * kept VITALS_KEEP_DAYS days for the p75 per page, metric and Taipei day. Nothing
 * personal: the page is a route's name; no user, device, address or time of day.
 */
export const webVitalSamples = pgTable(
  'web_vital_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The Taipei calendar day the sample arrived. */
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page').notNull(),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
  },
  (table) => [index('web_vital_samples_day_idx').on(table.day, table.page, table.metric)],
);
