import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sealedRow } from './columns.ts';

/** Owned by modules/users: the person, where they came from, and what they chose to share. */

/**
 * A person, by phone number: sealed at rest (db/at-rest.ts, the row's data key scoped to
 * `users:<id>`), found by its blind index `phone_hash` (unique: one account per number).
 * Deleting an account keeps the row with `phone` and `phone_hash` NULL (an anonymous
 * tombstone) for the loan records the law requires; onboarding adds its own tables.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    phone: text('phone'),
    phoneHash: text('phone_hash'),
    ...sealedRow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_phone_hash_uq').on(table.phoneHash)],
);

/**
 * A personal-data row's owner. `on delete cascade`, and also cleared explicitly by the
 * account deletion (the personal-data registry), so erasure does not depend on the user
 * row being removed: it is kept, anonymised, for the loan records the law requires.
 */
export const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Where the user came from, recorded once at registration. */
export const userAttributions = pgTable(
  'user_attributions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceChannel: text('source_channel').notNull(),
    /** The campaign parameters of the launch address (urlData). */
    urlData: jsonb('url_data').$type<Record<string, string>>().notNull().default({}),
    /** The random id the logged-out client generated; not a hardware id. */
    deviceId: text('device_id'),
    packageName: text('package_name'),
    createdAt: createdAt(),
  },
  // The dashboard's funnel: the people who registered in its 30 days.
  (table) => [index('user_attributions_created_at_idx').on(table.createdAt)],
);

/** What the browser reports (user agent, screen, language, time zone); nothing more. */
export const deviceInfos = pgTable(
  'device_infos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    userAgent: text('user_agent').notNull(),
    screenWidth: integer('screen_width').notNull(),
    screenHeight: integer('screen_height').notNull(),
    language: text('language').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('device_infos_user_id_idx').on(table.userId)],
);

/** Web-push subscriptions, stored only after the user allowed notifications. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint), index('push_subscriptions_user_id_idx').on(table.userId)],
);

/** Apps the user typed or chose to share (never read from the device). */
export const sharedApps = pgTable(
  'shared_apps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('shared_apps_user_id_idx').on(table.userId)],
);

/** Contacts the user typed or picked one by one (never read in bulk); the name and mobile sealed. */
export const sharedContacts = pgTable(
  'shared_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    relationship: text('relationship').notNull(),
    ...sealedRow(),
    createdAt: createdAt(),
  },
  (table) => [index('shared_contacts_user_id_idx').on(table.userId)],
);
