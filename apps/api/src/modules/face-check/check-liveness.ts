import { FACE_DETECTION_REQUIRED, FACE_LIVENESS_FAILED, FACE_MANUAL_REVIEW } from '@app/contract/messages/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FaceCheckOptions } from './face-check-context.ts';
import { countFaceCheck } from './face-check-limit.ts';
import { recordFailure, selectAttempt, updateAttempt } from './face-check-repository.ts';
import { analyseOrUnavailable, readOwnPhoto } from './read-selfie.ts';

/**
 * Stage 2 (silent liveness): the anti-spoofing score (real face vs screen or print) and
 * the liveness score of the selfie's one face, each against its configured threshold.
 * Needs a passed detection of the same selfie. Scores and thresholds are stored; a failure
 * counts towards manual review.
 */
export async function checkLiveness(options: FaceCheckOptions): Promise<{ passed: true }> {
  const { db, userId, imageKey, config } = options;
  await countFaceCheck({ limit: options.limit, userId, now: options.now });
  const attempt = await selectAttempt(db, userId, imageKey);
  if (!attempt || attempt.outcome !== 'pending' || attempt.detectionPassed !== true) {
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_DETECTION_REQUIRED, message: 'liveness before detection' });
  }
  const bytes = await readOwnPhoto({ db, files: options.files, userId, key: imageKey });
  const analysis = await analyseOrUnavailable(options.engine, bytes);
  const face = analysis.faces.length === 1 ? analysis.faces[0] : undefined;
  const antispoofScore = face?.real ?? 0;
  const livenessScore = face?.live ?? 0;
  const passed = face !== undefined && antispoofScore >= config.minAntispoof && livenessScore >= config.minLiveness;
  const fields = {
    antispoofScore,
    livenessScore,
    antispoofThreshold: config.minAntispoof,
    livenessThreshold: config.minLiveness,
    livenessPassed: passed,
  };
  if (passed) {
    await updateAttempt(db, attempt.id, fields);
    return { passed: true };
  }
  const outcome = await recordFailure(db, userId, attempt.id, fields, config.maxFailures);
  throw new AppError('BUSINESS_RULE', {
    userMessage: outcome === 'manual_review' ? FACE_MANUAL_REVIEW : FACE_LIVENESS_FAILED,
    message: `face liveness failed (${outcome})`,
  });
}
