import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Owned by plugins/idempotency.ts. */

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
