import type { TFaceAttempt, TFaceScore } from '@app/contract/admin/admin-face-review-schemas.ts';
import type { Db } from '../../db/client.ts';
import { selectAttemptOfUser, selectAttempts, selectFrameOfUser, selectFramesOfUser, type FaceAttempt } from './face-check-repository.ts';
import { DEFAULT_LIVENESS_RULES, type LivenessRules } from './liveness-geometry.ts';

function nonceState(row: FaceAttempt, now: Date): TFaceAttempt['nonce'] {
  if (!row.nonce) return 'none';
  if (row.nonceUsedAt) return 'used';
  return row.challengeExpiresAt && row.challengeExpiresAt.getTime() > now.getTime() ? 'open' : 'expired';
}

function score(key: TFaceScore['key'], value: number | null, threshold: number | null, direction: TFaceScore['direction']): TFaceScore[] {
  if (value === null) return [];
  const passed = threshold === null ? null : direction === 'atLeast' ? value >= threshold : value <= threshold;
  return [{ key, value, threshold, direction, passed }];
}

/**
 * The scores of an attempt beside the thresholds it was judged by: the similarity with the
 * card and the median anti-spoofing and liveness scores with the thresholds stored on the
 * attempt; the capture's measures with the liveness rules' (`rules`, the code's current
 * ones: they are not configurable). Only the measures the challenge is judged by: the turn
 * and flatness for a turn, the eyes for a blink, the growth for moving closer.
 */
function scoresOf(row: FaceAttempt, rules: LivenessRules): TFaceScore[] {
  const turn = row.challenge === 'turn_left' || row.challenge === 'turn_right';
  return [
    ...score('similarity', row.similarity, row.similarityThreshold, 'atLeast'),
    ...score('antispoof', row.antispoofScore, row.antispoofThreshold, 'atLeast'),
    ...score('liveness', row.livenessScore, row.livenessThreshold, 'atLeast'),
    ...score('frameSimilarity', row.frameSimilarity, rules.minFrameSimilarity, 'atLeast'),
    ...(turn ? score('turnDegrees', row.turnDegrees, rules.minTurnDegrees, 'atLeast') : []),
    ...(turn ? score('planarResidual', row.planarResidual, rules.minPlanarResidual, 'atLeast') : []),
    ...(row.challenge === 'blink' ? score('eyeClosure', row.eyeClosure, rules.blinkClosedRatio, 'atMost') : []),
    ...(row.challenge === 'move_closer' ? score('sizeGrowth', row.sizeGrowth, rules.minCloserGrowth, 'atLeast') : []),
  ];
}

/**
 * For staff review: every face attempt of the user, oldest first — when, the challenge and
 * what became of its nonce at `now`, the verdict and failed rule, the scores with their
 * thresholds, and the capture's frames in capture order (by row id: the images of the
 * frames and of the attempt's still are served by `faceFrameKeyForStaff` and
 * `faceStillKeyForStaff`, so the file keys stay on the server).
 */
export async function listFaceAttemptsForStaff(options: {
  db: Db;
  userId: number;
  now: Date;
  rules?: LivenessRules;
}): Promise<TFaceAttempt[]> {
  const { db, userId, now } = options;
  const rules = options.rules ?? DEFAULT_LIVENESS_RULES;
  const [rows, frames] = await Promise.all([selectAttempts(db, userId), selectFramesOfUser(db, userId)]);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    outcome: row.outcome,
    challenge: (row.challenge as TFaceAttempt['challenge']) ?? null,
    nonce: nonceState(row, now),
    challengeExpiresAt: row.challengeExpiresAt?.toISOString() ?? null,
    nonceUsedAt: row.nonceUsedAt?.toISOString() ?? null,
    captureMode: row.captureMode,
    detectionReason: row.detectionReason,
    livenessReason: row.livenessReason,
    scores: scoresOf(row, rules),
    frames: frames
      .filter((frame) => frame.attemptId === row.id)
      .map((frame) => ({
        id: frame.id,
        t: frame.takenAtMs,
        faceCount: frame.faceCount,
        yaw: frame.yaw,
        antispoof: frame.antispoofScore,
        liveness: frame.livenessScore,
        similarityToFirst: frame.similarityToFirst,
      })),
  }));
}

/** The upload key of the user's frame `frameId`, or null when it is not a frame of this user. */
export async function faceFrameKeyForStaff(options: { db: Db; userId: number; frameId: number }): Promise<string | null> {
  return (await selectFrameOfUser(options.db, options.userId, options.frameId))?.fileKey ?? null;
}

/** The upload key of the still photo (the one detection checked) of the user's attempt `attemptId`, or null when it is not this user's. */
export async function faceStillKeyForStaff(options: { db: Db; userId: number; attemptId: number }): Promise<string | null> {
  return (await selectAttemptOfUser(options.db, options.userId, options.attemptId))?.imageKey ?? null;
}
