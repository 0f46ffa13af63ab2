import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sealedRow } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/onboarding: steps 1-3 (personal details, emergency contacts, ID card photos). */

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Step 1, one row per user, updated when the user corrects it. The name, birth date, ID
 * number, address, email, LINE id and employer are sealed (db/at-rest.ts); one identity
 * number belongs to one account through its blind index `id_number_hash`, unique. County
 * names are stored with 臺.
 */
export const personalDetails = pgTable(
  'personal_details',
  {
    userId: userRef().primaryKey(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    /** YYYY-MM-DD, sealed. */
    birthDate: text('birth_date').notNull(),
    idNumber: text('id_number').notNull(),
    /** HMAC-SHA256 of the ID number under BLIND_INDEX_KEY; null only on a row not yet converted. */
    idNumberHash: text('id_number_hash'),
    maritalStatus: text('marital_status').notNull(),
    education: text('education').notNull(),
    occupation: text('occupation').notNull(),
    employer: text('employer').notNull(),
    /** NT$ a month, whole dollars. */
    monthlyIncome: integer('monthly_income').notNull(),
    county: text('county').notNull(),
    district: text('district').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    lineId: text('line_id').notNull(),
    ...sealedRow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('personal_details_id_number_hash_uq').on(table.idNumberHash)],
);

/**
 * Step 2: replaced as a whole each time. `consent_accepted_at` is when the user accepted
 * the PDPA art. 9 notice for this list (CONTACT_CONSENT_TEXT).
 */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    /** The order the user listed them in. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    mobile: text('mobile').notNull(),
    consentAcceptedAt: timestamp('consent_accepted_at', { withTimezone: true }).notNull(),
    /** The name and mobile are sealed. */
    ...sealedRow(),
    createdAt: createdAt(),
  },
  (table) => [index('emergency_contacts_user_id_idx').on(table.userId)],
);

/** Step 3: upload keys (uploads module) of the ID card's two sides, both of the same user. */
export const idCardPhotos = pgTable('id_card_photos', {
  userId: userRef().primaryKey(),
  frontKey: text('front_key').notNull(),
  backKey: text('back_key').notNull(),
  updatedAt: updatedAt(),
});

/** The optional second document of step 3 (health-insurance card or driver's licence). */
export const secondDocuments = pgTable('second_documents', {
  userId: userRef().primaryKey(),
  kind: text('kind').notNull(),
  imageKey: text('image_key').notNull(),
  updatedAt: updatedAt(),
});
