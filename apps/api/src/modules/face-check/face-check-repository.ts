import { and, count, eq, gt, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faceCheckAttempts, faceCheckFrames } from '../../db/schema/face-check.ts';

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
export async function upsertDetection(
  db: Db,
  userId: number,
  imageKey: string,
  record: DetectionRecord & { challenge: string | null; nonce: string | null; challengeExpiresAt: Date | null },
): Promise<void> {
  const outcome: FaceCheckOutcome = record.detectionPassed ? 'pending' : 'retake';
  const reset = {
    nonceUsedAt: null,
    captureMode: null,
    livenessReason: null,
    turnDegrees: null,
    eyeClosure: null,
    sizeGrowth: null,
    planarResidual: null,
    frameSimilarity: null,
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
): Promise<{ outcome: FaceCheckOutcome; triesLeft: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: faceCheckAttempts.id }).from(faceCheckAttempts).where(eq(faceCheckAttempts.userId, userId)).for('update');
    const [row] = await tx
      .select({ n: count() })
      .from(faceCheckAttempts)
      .where(and(eq(faceCheckAttempts.userId, userId), inArray(faceCheckAttempts.outcome, FAILED)));
    const failures = (row?.n ?? 0) + 1;
    const outcome: FaceCheckOutcome = failures >= maxFailures ? 'manual_review' : 'failed';
    await tx
      .update(faceCheckAttempts)
      .set({ ...fields, outcome, updatedAt: sql`now()` })
      .where(eq(faceCheckAttempts.id, id));
    return { outcome, triesLeft: Math.max(0, maxFailures - failures) };
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

/**
 * An attempt with its outcome only, no score: step 5 as a test records it when its subject
 * comes after onboarding (decisions 0070 and 0198); the checks themselves store their scores.
 */
export async function insertRecordedAttempt(
  db: Db,
  values: { userId: number; imageKey: string; outcome: 'passed' | 'manual_review' },
): Promise<void> {
  await db.insert(faceCheckAttempts).values(values);
}

export async function selectAttempts(db: Db, userId: number): Promise<FaceAttempt[]> {
  return db.select().from(faceCheckAttempts).where(eq(faceCheckAttempts.userId, userId)).orderBy(faceCheckAttempts.id);
}

export async function deleteAttempts(db: Db, userId: number): Promise<void> {
  await db.delete(faceCheckFrames).where(eq(faceCheckFrames.userId, userId));
  await db.delete(faceCheckAttempts).where(eq(faceCheckAttempts.userId, userId));
}

/**
 * Uses the attempt's nonce once: true when `nonce` is the attempt's, unused and not
 * expired at `now` (it is then marked used, atomically: two requests with it, one wins).
 */
export async function useNonce(db: Db, id: number, nonce: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(faceCheckAttempts)
    .set({ nonceUsedAt: now, updatedAt: sql`now()` })
    .where(
      and(
        eq(faceCheckAttempts.id, id),
        eq(faceCheckAttempts.nonce, nonce),
        isNull(faceCheckAttempts.nonceUsedAt),
        gt(faceCheckAttempts.challengeExpiresAt, now),
      ),
    )
    .returning({ id: faceCheckAttempts.id });
  return rows.length === 1;
}

export type FrameRow = typeof faceCheckFrames.$inferInsert;

/** Whether any of `keys` or `hashes` was a frame of an earlier capture of the user. */
export async function framesSeenBefore(db: Db, userId: number, keys: string[], hashes: string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  const [row] = await db
    .select({ n: count() })
    .from(faceCheckFrames)
    .where(and(eq(faceCheckFrames.userId, userId), or(inArray(faceCheckFrames.fileKey, keys), inArray(faceCheckFrames.sha256, hashes))));
  return (row?.n ?? 0) > 0;
}

export async function insertFrames(db: Db, rows: FrameRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(faceCheckFrames).values(rows);
}

export async function selectFrames(db: Db, attemptId: number): Promise<Array<typeof faceCheckFrames.$inferSelect>> {
  return db.select().from(faceCheckFrames).where(eq(faceCheckFrames.attemptId, attemptId)).orderBy(faceCheckFrames.takenAtMs);
}

export async function selectFramesOfUser(db: Db, userId: number): Promise<Array<typeof faceCheckFrames.$inferSelect>> {
  return db
    .select()
    .from(faceCheckFrames)
    .where(eq(faceCheckFrames.userId, userId))
    .orderBy(faceCheckFrames.attemptId, faceCheckFrames.takenAtMs);
}

/** One frame of the user's captures by its row id, or null (another user's frame is null too). */
export async function selectFrameOfUser(db: Db, userId: number, frameId: number): Promise<typeof faceCheckFrames.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(faceCheckFrames)
    .where(and(eq(faceCheckFrames.id, frameId), eq(faceCheckFrames.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** One attempt of the user by its row id, or null (another user's attempt is null too). */
export async function selectAttemptOfUser(db: Db, userId: number, attemptId: number): Promise<FaceAttempt | null> {
  const [row] = await db
    .select()
    .from(faceCheckAttempts)
    .where(and(eq(faceCheckAttempts.id, attemptId), eq(faceCheckAttempts.userId, userId)))
    .limit(1);
  return row ?? null;
}
