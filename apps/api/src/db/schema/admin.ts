import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Owned by modules/admin: the lender's operators, their sessions, maker-checker approvals and the audit trail. */

/**
 * An operator of the back office. `passwordHash` (argon2id) and `totpSecret` (encrypted
 * with the admin secret, AES-256-GCM) are set by the enrolment link; `totpLastStep` is the
 * time step of the last accepted code, so a code is never accepted twice.
 */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique(),
  role: text('role').notNull(),
  passwordHash: text('password_hash'),
  totpSecret: text('totp_secret'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A one-time enrolment link (its token's hash) with the TOTP secret it will enrol. */
export const operatorEnrolments = pgTable('operator_enrolments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  tokenHash: text('token_hash').notNull().unique(),
  totpSecret: text('totp_secret').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Recovery codes (argon2id hashes), each usable once in place of a TOTP code. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('operator_recovery_codes_operator_idx').on(table.operatorId)],
);

/** A signed-in operator: the cookie's token hashed, its CSRF token, and when it was last used (idle timeout). */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    csrfToken: text('csrf_token').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('operator_sessions_token_idx').on(table.tokenHash)],
);

/**
 * Maker-checker: the first approval of an application above the second-approval amount,
 * waiting for another operator. Removed when the application is decided.
 */
export const pendingReviewApprovals = pgTable('pending_review_approvals', {
  orderId: integer('order_id').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  reasonCode: text('reason_code').notNull(),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});

/**
 * Every operator action: who, when, what, on what, before and after. Append-only: the
 * repository has no update or delete, and a trigger (migration 0010) refuses UPDATE,
 * DELETE and TRUNCATE on the table.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for an action not tied to a known operator (a sign-in with an unknown name, the command line). */
    operatorId: integer('operator_id').references(() => operators.id),
    operatorName: text('operator_name').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_operator_idx').on(table.operatorName, table.at)],
);
