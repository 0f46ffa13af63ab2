import type { Db } from '../../db/client.ts';
import { selectAttempts } from './face-check-repository.ts';

/** For staff review: each selfie's scores and verdict, oldest first, with its upload key. */
export async function listFaceCheckScores(options: { db: Db; userId: number }): Promise<
  Array<{
    imageKey: string;
    at: Date;
    outcome: string;
    antispoof: number | null;
    liveness: number | null;
    similarity: number | null;
    similarityThreshold: number | null;
  }>
> {
  const rows = await selectAttempts(options.db, options.userId);
  return rows.map((row) => ({
    imageKey: row.imageKey,
    at: row.createdAt,
    outcome: row.outcome,
    antispoof: row.antispoofScore,
    liveness: row.livenessScore,
    similarity: row.similarity,
    similarityThreshold: row.similarityThreshold,
  }));
}
