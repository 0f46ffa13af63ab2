import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Accounts (issue 4). Every table holding personal data references users with
 * `on delete cascade` and is also cleared explicitly by the account deletion, so the
 * deletion does not depend on the user row being removed (it is kept, anonymised, for
 * the loan records the law requires).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Secrets live apart from the profile, so a query for the profile can never carry them. */
export const userCredentials = pgTable('user_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** argon2id, PHC string. */
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where the user came from, recorded once at registration. */
export const userAttributions = pgTable('user_attributions', {
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
});

/**
 * Verification codes, stored as an HMAC (key derived from the server's cipher key) so a
 * database leak alone cannot be brute-forced over the 10^6 possible codes.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('verification_codes_phone_purpose_idx').on(table.phone, table.purpose, table.createdAt),
    index('verification_codes_created_at_idx').on(table.createdAt),
  ],
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

/** Contacts the user typed or picked one by one (never read in bulk). */
export const sharedContacts = pgTable(
  'shared_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    relationship: text('relationship').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('shared_contacts_user_id_idx').on(table.userId)],
);

/** Uploaded images: the bytes are in `${filesDir}/${userId}/${key}`, never a public folder. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Random, unguessable; the only handle clients get. */
    key: text('key').notNull().unique(),
    userId: userRef(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('uploaded_files_user_id_idx').on(table.userId)],
);

/** The FAQ, seeded, editable by operators later. */
export const faqItems = pgTable('faq_items', {
  id: text('id').primaryKey(),
  groupName: text('group_name').notNull(),
  groupOrder: integer('group_order').notNull(),
  sortOrder: integer('sort_order').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
});

/** A user's question or feedback; `answer` is written by operators later. */
export const userQuestions = pgTable(
  'user_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    kind: text('kind').$type<'question' | 'feedback'>().notNull(),
    content: text('content').notNull(),
    imageKey: text('image_key'),
    state: text('state').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (table) => [index('user_questions_user_id_idx').on(table.userId)],
);

/**
 * Minimal loan orders, so that "an order is open" has a real answer; the loans issue
 * extends this table. The user reference is kept after an account deletion (the user row
 * is anonymised, not removed): the law requires the records, not the identity.
 */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 審核中, 已核准, 放款中, 待還款, 已逾期, 已結清, 已拒絕, 已取消 (PRODUCT.md). */
    state: text('state').notNull(),
    /** NT$, integer. */
    principal: integer('principal').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('loan_orders_user_id_idx').on(table.userId)],
);

/** States after which an order is no longer open. */
export const CLOSED_ORDER_STATES = ['已結清', '已拒絕', '已取消'] as const;
