import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faceCheckAttempts } from '../../db/schema/face-check.ts';

/** The only code that queries face_check_attempts. */

export type FaceCheckOutcome = 'pending' | 'retake' | 'passed' | 'failed' | 'manual_review';

/** Outcomes that count as a failure towards manual review. */
const FAILED: FaceCheckOutcome[] = ['failed', 'manual_review'];
/** Outcomes that complete step 5 (passed, or handed to staff). */
const STEP_DONE: FaceCheckOutcome[] = ['passed', 'manual_review'];

export type FaceAttempt = typeof faceCheckAttempts.$inferSelect;

export interface DetectionRecord {
  faceCount: number;
  faceSizeRatio: number | null;
  centreOffset: number | null;
  brightness: number;
  detectionPassed: boolean;
  detectionReason: string | null;
}

export async function selectAttempt(db: Db, userId: number, imageKey: string): Promise<FaceAttempt | null> {
  const [row] = await db
    .select()
    .from(faceCheckAttempts)
    .where(and(eq(faceCheckAttempts.userId, userId), eq(faceCheckAttempts.imageKey, imageKey)))
    .limit(1);
  return row ?? null;
}

/** Stores a detection of `imageKey` (again, if the earlier one asked for a retake): later stages start over. */
export async function upsertDetection(db: Db, userId: number, imageKey: string, record: DetectionRecord): Promise<void> {
  const outcome: FaceCheckOutcome = record.detectionPassed ? 'pending' : 'retake';
  const reset = {
    antispoofScore: null,
    livenessScore: null,
    antispoofThreshold: null,
    livenessThreshold: null,
    livenessPassed: null,
    idCardKey: null,
    similarity: null,
    similarityThreshold: null,
    comparePassed: null,
  };
  await db
    .insert(faceCheckAttempts)
    .values({ userId, imageKey, ...record, outcome })
    .onConflictDoUpdate({
      target: [faceCheckAttempts.userId, faceCheckAttempts.imageKey],
      set: { ...record, ...reset, outcome, updatedAt: sql`now()` },
    });
}

export async function updateAttempt(
  db: Db,
  id: number,
  fields: Partial<Omit<FaceAttempt, 'id' | 'userId' | 'imageKey' | 'createdAt' | 'updatedAt' | 'outcome'>> & { outcome?: FaceCheckOutcome },
): Promise<void> {
  await db
    .update(faceCheckAttempts)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(faceCheckAttempts.id, id));
}

/**
 * Records a failed verdict on attempt `id`: 'failed', or 'manual_review' when it is the
 * user's `maxFailures`-th failure. One transaction with the user's attempts locked, so two
 * failures at once count as two.
 */
export async function recordFailure(
  db: Db,
  userId: number,
  id: number,
  fields: Parameters<typeof updateAttempt>[2],
  maxFailures: number,
): Promise<FaceCheckOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: faceCheckAttempts.id }).from(faceCheckAttempts).where(eq(faceCheckAttempts.userId, userId)).for('update');
    const [row] = await tx
      .select({ n: count() })
      .from(faceCheckAttempts)
      .where(and(eq(faceCheckAttempts.userId, userId), inArray(faceCheckAttempts.outcome, FAILED)));
    const outcome: FaceCheckOutcome = (row?.n ?? 0) + 1 >= maxFailures ? 'manual_review' : 'failed';
    await tx
      .update(faceCheckAttempts)
      .set({ ...fields, outcome, updatedAt: sql`now()` })
      .where(eq(faceCheckAttempts.id, id));
    return outcome;
  });
}

/** Whether step 5 is done (passed, or in manual review), as SQL on `userId` (a column or a placeholder). */
export function faceCheckCondition(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${faceCheckAttempts} where ${faceCheckAttempts.userId} = ${userId} and ${inArray(faceCheckAttempts.outcome, STEP_DONE)})`;
}

export async function selectStepState(db: Db, userId: number): Promise<{ done: boolean; passed: boolean }> {
  const rows = await db
    .select({ outcome: faceCheckAttempts.outcome })
    .from(faceCheckAttempts)
    .where(and(eq(faceCheckAttempts.userId, userId), inArray(faceCheckAttempts.outcome, STEP_DONE)));
  return { done: rows.length > 0, passed: rows.some((row) => row.outcome === 'passed') };
}

export async function selectAttempts(db: Db, userId: number): Promise<FaceAttempt[]> {
  return db.select().from(faceCheckAttempts).where(eq(faceCheckAttempts.userId, userId)).orderBy(faceCheckAttempts.id);
}

export async function deleteAttempts(db: Db, userId: number): Promise<void> {
  await db.delete(faceCheckAttempts).where(eq(faceCheckAttempts.userId, userId));
}
