import type { Db } from '../../db/client.ts';
import { selectAttempts, selectFramesOfUser } from './face-check-repository.ts';

/**
 * For staff review: each attempt's scores and verdict, oldest first, with its upload key,
 * the challenge, how it was captured (camera or none), the failed liveness rule, the
 * capture's measures and its frames (sealed uploads of the same user, in order).
 */
export async function listFaceCheckScores(options: { db: Db; userId: number }): Promise<
  Array<{
    imageKey: string;
    at: Date;
    outcome: string;
    antispoof: number | null;
    liveness: number | null;
    similarity: number | null;
    similarityThreshold: number | null;
    challenge: string | null;
    captureMode: string | null;
    livenessReason: string | null;
    turnDegrees: number | null;
    planarResidual: number | null;
    frameSimilarity: number | null;
    frames: Array<{ key: string; t: number; yaw: number | null; antispoof: number | null }>;
  }>
> {
  const [rows, frames] = await Promise.all([selectAttempts(options.db, options.userId), selectFramesOfUser(options.db, options.userId)]);
  return rows.map((row) => ({
    imageKey: row.imageKey,
    at: row.createdAt,
    outcome: row.outcome,
    antispoof: row.antispoofScore,
    liveness: row.livenessScore,
    similarity: row.similarity,
    similarityThreshold: row.similarityThreshold,
    challenge: row.challenge,
    captureMode: row.captureMode,
    livenessReason: row.livenessReason,
    turnDegrees: row.turnDegrees,
    planarResidual: row.planarResidual,
    frameSimilarity: row.frameSimilarity,
    frames: frames
      .filter((frame) => frame.attemptId === row.id)
      .map((frame) => ({ key: frame.fileKey, t: frame.takenAtMs, yaw: frame.yaw, antispoof: frame.antispoofScore })),
  }));
}
