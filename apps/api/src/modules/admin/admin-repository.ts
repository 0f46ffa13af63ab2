import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  operatorEnrolments,
  operatorRecoveryCodes,
  operators,
  operatorSessions,
  pendingReviewApprovals,
} from '../../db/schema/admin.ts';

/**
 * The only code touching the back office's tables. The audit log has an insert and reads,
 * nothing else: it is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE too).
 */

export type OperatorRow = typeof operators.$inferSelect;

export async function selectOperatorByName(db: Db, username: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row ?? null;
}

export async function selectOperator(db: Db, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}

export async function selectOperators(db: Db): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(operators.id);
}

export async function selectOperatorNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(sql`${operators.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Inserts an operator unless the name is taken (then null). */
export async function insertOperator(db: Db, values: { username: string; role: string }): Promise<number | null> {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning({ id: operators.id });
  return row?.id ?? null;
}

export async function updateOperator(
  db: Db,
  id: number,
  values: Partial<
    Pick<OperatorRow, 'role' | 'disabled' | 'passwordHash' | 'totpSecret' | 'totpLastStep' | 'failedLogins' | 'lockedUntil' | 'lastLoginAt'>
  >,
): Promise<void> {
  await db.update(operators).set(values).where(eq(operators.id, id));
}

/** Counts a failed sign-in; answers the count after it. */
export async function incrementFailedLogins(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(operators)
    .set({ failedLogins: sql`${operators.failedLogins} + 1` })
    .where(eq(operators.id, id))
    .returning({ failedLogins: operators.failedLogins });
  return row?.failedLogins ?? 0;
}

/**
 * Records `step` as the last accepted TOTP step, only if it is later than the one
 * recorded: false when the code (or an earlier one) was already used. One statement, so
 * two sign-ins racing with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return rows.length === 1;
}

export async function insertEnrolment(
  db: Db,
  values: { operatorId: number; tokenHash: string; totpSecret: string; expiresAt: Date },
): Promise<void> {
  await db.insert(operatorEnrolments).values(values);
}

export async function selectUsableEnrolment(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(operatorEnrolments)
    .where(and(eq(operatorEnrolments.tokenHash, tokenHash), isNull(operatorEnrolments.usedAt), gte(operatorEnrolments.expiresAt, now)));
  return row ?? null;
}

/** Closes every open enrolment link of the operator (used, or replaced by a new one). */
export async function closeEnrolments(db: Db, operatorId: number, at: Date): Promise<void> {
  await db
    .update(operatorEnrolments)
    .set({ usedAt: at })
    .where(and(eq(operatorEnrolments.operatorId, operatorId), isNull(operatorEnrolments.usedAt)));
}

export async function replaceRecoveryCodes(db: Db, operatorId: number, codeHashes: string[]): Promise<void> {
  await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
  if (codeHashes.length > 0) await db.insert(operatorRecoveryCodes).values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
}

/** Uses up a recovery code: true when it existed and was unused. */
export async function useRecoveryCode(db: Db, operatorId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(operatorRecoveryCodes.operatorId, operatorId),
        eq(operatorRecoveryCodes.codeHash, codeHash),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return rows.length === 1;
}

export async function insertSession(
  db: Db,
  values: { tokenHash: string; operatorId: number; csrfToken: string; lastSeenAt: Date },
): Promise<void> {
  await db.insert(operatorSessions).values(values);
}

/** An open session with its operator. */
export async function selectOpenSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.endedAt)));
  return row ?? null;
}

export async function touchSession(db: Db, id: number, at: Date): Promise<void> {
  await db.update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.id, id));
}

export async function endSession(db: Db, id: number, at: Date): Promise<void> {
  await db.update(operatorSessions).set({ endedAt: at }).where(eq(operatorSessions.id, id));
}

export async function endSessionsOf(db: Db, operatorId: number, at: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ endedAt: at })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.endedAt)));
}

export async function selectPendingApprovals(db: Db) {
  return db.select().from(pendingReviewApprovals);
}

export async function selectPendingApproval(db: Db, orderId: number) {
  const [row] = await db.select().from(pendingReviewApprovals).where(eq(pendingReviewApprovals.orderId, orderId)).for('update');
  return row ?? null;
}

export async function insertPendingApproval(
  db: Db,
  values: { orderId: number; operatorId: number; reasonCode: string; note: string },
): Promise<void> {
  await db.insert(pendingReviewApprovals).values(values);
}

export async function deletePendingApproval(db: Db, orderId: number): Promise<void> {
  await db.delete(pendingReviewApprovals).where(eq(pendingReviewApprovals.orderId, orderId));
}

export interface AuditValues {
  at: Date;
  operatorId: number | null;
  operatorName: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export async function insertAudit(db: Db, values: AuditValues): Promise<void> {
  await db.insert(auditLog).values({ ...values, before: values.before ?? null, after: values.after ?? null });
}

export interface AuditFilter {
  operatorName?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

export async function selectAudit(db: Db, filter: AuditFilter, limit: number, offset: number) {
  const conditions: SQL[] = [];
  if (filter.operatorName) conditions.push(eq(auditLog.operatorName, filter.operatorName));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.target) conditions.push(eq(auditLog.target, filter.target));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.until) conditions.push(lt(auditLog.at, filter.until));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The latest audit rows about any of `targets` (user:<id>, order:<number>…), newest first. */
export async function selectAuditOfTargets(db: Db, targets: string[], limit: number) {
  if (targets.length === 0) return [];
  return db.select().from(auditLog).where(inArray(auditLog.target, targets)).orderBy(desc(auditLog.id)).limit(limit);
}

/**
 * Flags other modules hand over as SQL (each owner's condition on a user), read in one
 * query: for one user (`userId` already inside the flags), or counted per channel over a
 * cohort subquery of (user_id, source_channel) whose flags test `cohort.user_id`.
 */
export async function selectFlags<K extends string>(db: Db, flags: Record<K, SQL<boolean>>): Promise<Record<K, boolean>> {
  const [row] = await db.select(flags as Record<string, SQL<boolean>>).from(sql`(select 1) as one`);
  return Object.fromEntries(Object.keys(flags).map((key) => [key, row?.[key] === true])) as Record<K, boolean>;
}

export const COHORT_USER_ID = sql`cohort.user_id`;
/** One user's id as a bound parameter of the owners' flags. */
export const boundUserId = (userId: number): SQL => sql`${userId}::int`;

/**
 * Per channel of a cohort subquery of (user_id, source_channel): how many, and how many pass
 * each flag. One query per flag with the flag in its WHERE, so PostgreSQL runs each as a
 * semi-join over the owner's table (one pass) rather than a probe per person; run together.
 */
export async function selectCohortCounts<K extends string>(
  db: Db,
  cohort: SQL,
  flags: Record<K, SQL<boolean>>,
): Promise<Array<{ channel: string; registered: number } & Record<K, number>>> {
  const countWhere = (condition: SQL) =>
    db
      .select({ channel: sql<string>`cohort.source_channel`, count: sql<number>`count(*)::int` })
      .from(sql`(${cohort}) as cohort`)
      .where(condition)
      .groupBy(sql`1`);
  const keys = Object.keys(flags) as K[];
  const [registered, ...perFlag] = await Promise.all([countWhere(sql`true`), ...keys.map((key) => countWhere(flags[key]))]);
  return (registered ?? []).map((row) => {
    const counts = Object.fromEntries(keys.map((key, i) => [key, perFlag[i]?.find((entry) => entry.channel === row.channel)?.count ?? 0]));
    return { channel: row.channel, registered: row.count, ...counts } as { channel: string; registered: number } & Record<K, number>;
  });
}
