import {
  FACE_NO_FACE,
  FACE_OFF_CENTRE,
  FACE_RETAKE_REQUIRED,
  FACE_SEVERAL_FACES,
  FACE_TOO_DARK,
  FACE_TOO_SMALL,
} from '@app/contract/messages/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FaceCheckOptions } from './face-check-context.ts';
import { countFaceCheck } from './face-check-limit.ts';
import { selectAttempt, upsertDetection } from './face-check-repository.ts';
import { judgeDetection, type DetectionReason } from './face-rules.ts';
import { analyseOrUnavailable, readOwnPhoto } from './read-selfie.ts';

const MESSAGES: Record<DetectionReason, string> = {
  no_face: FACE_NO_FACE,
  several_faces: FACE_SEVERAL_FACES,
  too_small: FACE_TOO_SMALL,
  off_centre: FACE_OFF_CENTRE,
  too_dark: FACE_TOO_DARK,
};

/**
 * Stage 1 (detection): the selfie has exactly one face, large, centred and lit enough.
 * The measures and the verdict are stored with the attempt; a failure answers the rule's
 * message and asks for a new photo (it does not count towards manual review). A selfie
 * whose check has ended (passed or failed) cannot be checked again: a new photo is needed.
 */
export async function detectFace(options: FaceCheckOptions): Promise<{ passed: true }> {
  const { db, userId, imageKey } = options;
  await countFaceCheck({ limit: options.limit, userId, now: options.now });
  const bytes = await readOwnPhoto({ db, files: options.files, userId, key: imageKey });
  const earlier = await selectAttempt(db, userId, imageKey);
  if (earlier && earlier.outcome !== 'pending' && earlier.outcome !== 'retake') {
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_RETAKE_REQUIRED, message: 'face attempt already ended' });
  }
  const analysis = await analyseOrUnavailable(options.engine, bytes);
  const { reason, ...record } = judgeDetection(analysis, options.config);
  await upsertDetection(db, userId, imageKey, record);
  if (reason) throw new AppError('BUSINESS_RULE', { userMessage: MESSAGES[reason], message: `face detection: ${reason}` });
  return { passed: true };
}
