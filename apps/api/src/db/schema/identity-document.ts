import { boolean, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, sealedRow } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/identity-document: readings of the ID card's front and their confirmation. */

/**
 * One row per reading (ocrCheck): which image, which engine, what it proposed (values
 * with confidences). ocrConfirm fills `confirmed` (the values as the user confirmed
 * them) and `corrected_fields` (the fields the user changed from the proposal).
 */
export const idCardReadings = pgTable(
  'id_card_readings',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    frontKey: text('front_key').notNull(),
    engine: text('engine').notNull(),
    /** The proposal's JSON, sealed (names, ID number, birth date). */
    proposal: text('proposal').notNull(),
    idNumberRejected: boolean('id_number_rejected').notNull(),
    /** The confirmed values' JSON, sealed. */
    confirmed: text('confirmed'),
    correctedFields: jsonb('corrected_fields').$type<string[]>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...sealedRow(),
    createdAt: createdAt(),
  },
  (table) => [index('id_card_readings_user_idx').on(table.userId)],
);
