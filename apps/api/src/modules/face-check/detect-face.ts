import {
  FACE_NO_FACE,
  FACE_OFF_CENTRE,
  FACE_RETAKE_REQUIRED,
  FACE_SEVERAL_FACES,
  FACE_TOO_DARK,
  FACE_TOO_SMALL,
} from '@app/contract/messages/face-check.ts';
import { randomBytes, randomInt } from 'node:crypto';
import type { TFaceDetectionResponse } from '@app/contract/schemas/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FaceCheckOptions } from './face-check-context.ts';
import { countFaceCheck } from './face-check-limit.ts';
import { selectAttempt, upsertDetection } from './face-check-repository.ts';
import { judgeDetection, type DetectionReason } from './face-rules.ts';
import { pickChallenge } from './liveness-geometry.ts';
import { analyseOrUnavailable, readOwnPhoto } from './read-selfie.ts';

const MESSAGES: Record<DetectionReason, string> = {
  no_face: FACE_NO_FACE,
  several_faces: FACE_SEVERAL_FACES,
  too_small: FACE_TOO_SMALL,
  off_centre: FACE_OFF_CENTRE,
  too_dark: FACE_TOO_DARK,
};

/**
 * Stage 1 (detection): the still frame has exactly one face, large, centred and lit
 * enough. The measures and the verdict are stored with the attempt; a failure answers the
 * rule's message and asks for a new photo (it does not count towards manual review). A
 * photo whose check has ended (passed or failed) cannot be checked again: a new photo is
 * needed. A passed detection answers the capture's challenge: an action picked at random
 * from the configured set, a random one-use nonce and its lifetime (decision 0153); asked
 * again for the same pending photo, a new challenge and nonce replace the old ones.
 */
export async function detectFace(options: FaceCheckOptions): Promise<TFaceDetectionResponse> {
  const { db, userId, imageKey } = options;
  await countFaceCheck({ limit: options.limit, userId, now: options.now });
  const bytes = await readOwnPhoto({ db, files: options.files, userId, key: imageKey });
  const earlier = await selectAttempt(db, userId, imageKey);
  if (earlier && earlier.outcome !== 'pending' && earlier.outcome !== 'retake') {
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_RETAKE_REQUIRED, message: 'face attempt already ended' });
  }
  const analysis = await analyseOrUnavailable(options.engine, bytes);
  const { reason, ...record } = judgeDetection(analysis, options.config);
  const challenge = pickChallenge((max) => randomInt(max), options.config.challenges);
  const nonce = randomBytes(18).toString('base64url');
  const expiresInSeconds = options.config.challengeSeconds;
  const challengeExpiresAt = new Date(options.now.getTime() + expiresInSeconds * 1000);
  await upsertDetection(
    db,
    userId,
    imageKey,
    reason ? { ...record, challenge: null, nonce: null, challengeExpiresAt: null } : { ...record, challenge, nonce, challengeExpiresAt },
  );
  if (reason) throw new AppError('BUSINESS_RULE', { userMessage: MESSAGES[reason], message: `face detection: ${reason}` });
  return { passed: true, challenge, nonce, expiresInSeconds };
}
