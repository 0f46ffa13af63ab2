import {
  FACE_ID_CARD_NO_FACE,
  FACE_ID_CARD_REQUIRED,
  FACE_LIVENESS_REQUIRED,
  FACE_MANUAL_REVIEW,
  FACE_MISMATCH,
  faceRefusalWithTriesLeft,
} from '@app/contract/messages/face-check.ts';
import sharp from 'sharp';
import type { TFaceCompareResponse } from '@app/contract/schemas/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import { getIdCardPhotos } from '../onboarding/index.ts';
import type { DetectedFace, FaceEngine } from './face-engine.ts';
import type { FaceCheckOptions } from './face-check-context.ts';
import { countFaceCheck } from './face-check-limit.ts';
import { recordFailure, selectAttempt, selectFrames, updateAttempt } from './face-check-repository.ts';
import { analyseOrUnavailable, readOwnPhoto } from './read-selfie.ts';

/** The largest face of a photo (the portrait on an ID card), or undefined. */
function largestFace(faces: DetectedFace[]): DetectedFace | undefined {
  return faces.reduce<DetectedFace | undefined>(
    (best, face) => (!best || face.box[2] * face.box[3] > best.box[2] * best.box[3] ? face : best),
    undefined,
  );
}

/** Side of the square the card portrait is cut and scaled to before its descriptor is taken. */
const PORTRAIT_SIDE = 320;

/**
 * The descriptor of the portrait on an ID card front, aligned and scaled to the model's
 * input: the card's largest face is cut with a margin (half the face box on every side),
 * scaled to 320 px and analysed again, so a ~104 px card portrait is described at the
 * size a selfie is (the detector works at 256 px). Falls back to the first analysis's
 * descriptor when the cut shows no face. Undefined when the card shows none.
 */
export async function portraitDescriptor(engine: FaceEngine, card: Buffer): Promise<number[] | undefined> {
  const analysis = await analyseOrUnavailable(engine, card);
  const face = largestFace(analysis.faces);
  if (!face || face.descriptor.length === 0) return undefined;
  const [x, y, w, h] = face.box;
  const side = Math.max(w, h) * 2;
  const left = Math.max(0, Math.round(x + w / 2 - side / 2));
  const top = Math.max(0, Math.round(y + h / 2 - side / 2));
  const width = Math.min(analysis.width - left, Math.round(side));
  const height = Math.min(analysis.height - top, Math.round(side));
  if (width < 16 || height < 16) return face.descriptor;
  // The analysis is of the card scaled to at most 800 px: cut the same scaled image.
  const scaled = await sharp(card).rotate().resize({ width: analysis.width, height: analysis.height, fit: 'fill' }).toBuffer();
  const cut = await sharp(scaled)
    .extract({ left, top, width, height })
    .resize(PORTRAIT_SIDE, PORTRAIT_SIDE, { fit: 'contain', background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const aligned = largestFace((await analyseOrUnavailable(engine, cut)).faces);
  return aligned && aligned.descriptor.length > 0 ? aligned.descriptor : face.descriptor;
}

/**
 * The images of the attempt compared with the card: the still photo and the capture's
 * most frontal frame (the smallest yaw with one face), best first.
 */
async function selfieImages(options: FaceCheckOptions, attemptId: number): Promise<Buffer[]> {
  const frames = (await selectFrames(options.db, attemptId)).filter((frame) => frame.faceCount === 1);
  frames.sort((a, b) => Math.abs(a.yaw ?? 90) - Math.abs(b.yaw ?? 90));
  const keys = [options.imageKey, ...frames.slice(0, 1).map((frame) => frame.fileKey)];
  return Promise.all(keys.map((key) => readOwnPhoto({ db: options.db, files: options.files, userId: options.userId, key })));
}

/**
 * Stage 3: the selfie against the portrait on the ID card front saved in step 3 — the
 * highest similarity of the still photo's and the capture's most frontal frame's
 * descriptors with the aligned portrait's. Needs a passed liveness of the same attempt, or
 * an attempt without a capture (no camera), which is compared for staff and stays in
 * review (`review: true`). The similarity and its threshold are stored; at or above the
 * threshold step 5 is passed; below it the failure counts towards manual review. A card
 * photo without a face asks for a new card photo (not counted).
 */
export async function compareFace(options: FaceCheckOptions): Promise<TFaceCompareResponse> {
  const { db, userId, imageKey, config } = options;
  await countFaceCheck({ limit: options.limit, userId, now: options.now });
  const attempt = await selectAttempt(db, userId, imageKey);
  const review = attempt?.captureMode === 'no_camera' && attempt.outcome === 'manual_review' && attempt.similarity === null;
  if (!attempt || (!review && (attempt.outcome !== 'pending' || attempt.livenessPassed !== true))) {
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_LIVENESS_REQUIRED, message: 'compare before liveness' });
  }
  const card = await getIdCardPhotos({ db, userId });
  if (!card) throw new AppError('BUSINESS_RULE', { userMessage: FACE_ID_CARD_REQUIRED, message: 'compare without ID card photos' });
  const [selfies, cardBytes] = await Promise.all([
    selfieImages(options, attempt.id),
    readOwnPhoto({ db, files: options.files, userId, key: card.frontKey, missing: FACE_ID_CARD_REQUIRED }),
  ]);
  const portrait = await portraitDescriptor(options.engine, cardBytes);
  if (!portrait) {
    await updateAttempt(db, attempt.id, { idCardKey: card.frontKey });
    throw new AppError('BUSINESS_RULE', { userMessage: FACE_ID_CARD_NO_FACE, message: 'no face on the ID card front' });
  }
  let similarity = 0;
  for (const bytes of selfies) {
    const analysis = await analyseOrUnavailable(options.engine, bytes);
    const face = analysis.faces.length === 1 ? analysis.faces[0] : undefined;
    if (face) similarity = Math.max(similarity, options.engine.similarity(face.descriptor, portrait));
  }
  const passed = similarity >= config.minSimilarity;
  const fields = { idCardKey: card.frontKey, similarity, similarityThreshold: config.minSimilarity, comparePassed: passed };
  if (review) {
    await updateAttempt(db, attempt.id, fields);
    return { passed: false, review: true };
  }
  if (passed) {
    await updateAttempt(db, attempt.id, { ...fields, outcome: 'passed' });
    return { passed: true, review: false };
  }
  const { outcome, triesLeft } = await recordFailure(db, userId, attempt.id, fields, config.maxFailures);
  throw new AppError('BUSINESS_RULE', {
    userMessage: outcome === 'manual_review' ? FACE_MANUAL_REVIEW : faceRefusalWithTriesLeft(FACE_MISMATCH, triesLeft),
    message: `face compare failed (${outcome})`,
  });
}
