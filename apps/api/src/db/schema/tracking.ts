import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Owned by modules/tracking: usage and risk events. */

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
