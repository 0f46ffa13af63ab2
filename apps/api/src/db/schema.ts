/**
 * Every table, for Drizzle (client and `npm run db:generate`). One file per owner under
 * schema/: a table is read and written only by its owner's repository (the linter checks
 * that modules import only their own schema file). PGlite and the PostgreSQL server (15
 * in CI) share one migration set: only SQL that 15 accepts.
 */
export * from './schema/admin.ts';
export * from './schema/auth.ts';
export * from './schema/bank-accounts.ts';
export * from './schema/config.ts';
export * from './schema/contracts.ts';
export * from './schema/decisions.ts';
export * from './schema/documents.ts';
export * from './schema/face-check.ts';
export * from './schema/idempotency.ts';
export * from './schema/identity-document.ts';
export * from './schema/loans.ts';
export * from './schema/onboarding.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/repayments.ts';
export * from './schema/questions.ts';
export * from './schema/sessions.ts';
export * from './schema/tracking.ts';
export * from './schema/uploads.ts';
export * from './schema/users.ts';
export * from './schema/verification-codes.ts';
