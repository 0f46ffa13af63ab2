import {
  FACE_ID_CARD_NO_FACE,
  FACE_ID_CARD_REQUIRED,
  FACE_LIVENESS_REQUIRED,
  FACE_MANUAL_REVIEW,
  FACE_MISMATCH,
} from '@app/contract/messages/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import { getIdCardPhotos } from '../onboarding/get-id-card-photos.ts';
import type { DetectedFace } from './face-engine.ts';
import type { FaceCheckOptions } from './face-check-context.ts';
import { countFaceCheck } from './face-check-limit.ts';
import { recordFailure, selectAttempt, updateAttempt } from './face-check-repository.ts';
import { analyseOrUnavailable, readOwnPhoto } from './read-selfie.ts';

/** The largest face of a photo (the portrait on an ID card), or undefined. */
function largestFace(faces: DetectedFace[]): DetectedFace | undefined {
  return faces.reduce<DetectedFace | undefined>((best, face) => (!best || face.box[2] * face.box[3] > best.box[2] * best.box[3] ? face : best), undefined);
}

/**
 * Stage 3: the selfie's face descriptor against the portrait on the ID card front saved in
 * step 3. Needs a passed liveness of the same selfie. The similarity and its threshold are
 * stored; at or above the threshold step 5 is passed; below it the failure counts towards
 * manual review. A card photo without a face asks for a new card photo (not counted).
 */
export async function compareFace(options: FaceCheckOptions): Promise<{ passed: true }> {
  const { db, userId, imageKey, config } = options;
  await countFaceCheck({ limit: options.limit, userId, now: options.now });
  const attempt = await selectAttempt(db, userId, imageKey);
  if (!attempt || attempt.outcome !== 'pending' || attempt.livenessPassed !== true) {
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_LIVENESS_REQUIRED, message: 'compare before liveness' });
  }
  const card = await getIdCardPhotos({ db, userId });
  if (!card) throw new AppError('BUSINESS_RULE', { userMessage: FACE_ID_CARD_REQUIRED, message: 'compare without ID card photos' });
  const [selfieBytes, cardBytes] = await Promise.all([
    readOwnPhoto({ db, files: options.files, userId, key: imageKey }),
    readOwnPhoto({ db, files: options.files, userId, key: card.frontKey, missing: FACE_ID_CARD_REQUIRED }),
  ]);
  const selfie = await analyseOrUnavailable(options.engine, selfieBytes);
  const portrait = largestFace((await analyseOrUnavailable(options.engine, cardBytes)).faces);
  if (!portrait || portrait.descriptor.length === 0) {
    await updateAttempt(db, attempt.id, { idCardKey: card.frontKey });
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_ID_CARD_NO_FACE, message: 'no face on the ID card front' });
  }
  const face = selfie.faces.length === 1 ? selfie.faces[0] : undefined;
  const similarity = face ? options.engine.similarity(face.descriptor, portrait.descriptor) : 0;
  const passed = similarity >= config.minSimilarity;
  const fields = { idCardKey: card.frontKey, similarity, similarityThreshold: config.minSimilarity, comparePassed: passed };
  if (passed) {
    await updateAttempt(db, attempt.id, { ...fields, outcome: 'passed' });
    return { passed: true };
  }
  const outcome = await recordFailure(db, userId, attempt.id, fields, config.maxFailures);
  throw new AppError('BUSINESS_RULE', {
    userMessage: outcome === 'manual_review' ? FACE_MANUAL_REVIEW : FACE_MISMATCH,
    message: `face compare failed (${outcome})`,
  });
}
