import { createHash } from 'node:crypto';
import {
  FACE_CAPTURE_FACE_LOST,
  FACE_CAPTURE_FRAMES,
  FACE_CAPTURE_NOT_DONE,
  FACE_CAPTURE_REPLAYED,
  FACE_CHALLENGE_EXPIRED,
  FACE_DETECTION_REQUIRED,
  FACE_LIVENESS_FAILED,
  faceRefusalWithTriesLeft,
  FACE_MANUAL_REVIEW,
  FACE_SEVERAL_FACES,
} from '@app/contract/messages/face-check.ts';
import type { TFaceSilenceRequest, TFaceSilenceResponse } from '@app/contract/schemas/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import type { DetectedFace, FaceEngine } from './face-engine.ts';
import type { FaceCheckOptions } from './face-check-context.ts';
import { countFaceCheck } from './face-check-limit.ts';
import {
  framesSeenBefore,
  insertFrames,
  recordFailure,
  selectAttempt,
  updateAttempt,
  useNonce,
  type FrameRow,
} from './face-check-repository.ts';
import {
  DEFAULT_LIVENESS_RULES,
  eyeAspectRatio,
  judgeCapture,
  type Challenge,
  type FrameMeasure,
  type LivenessReason,
  type LivenessRules,
} from './liveness-geometry.ts';
import { analyseOrUnavailable, readOwnPhoto } from './read-selfie.ts';

const MESSAGES: Record<LivenessReason, string> = {
  frame_count: FACE_CAPTURE_FRAMES,
  frame_times: FACE_CAPTURE_FRAMES,
  face_lost: FACE_CAPTURE_FACE_LOST,
  several_faces: FACE_SEVERAL_FACES,
  different_faces: FACE_LIVENESS_FAILED,
  no_motion: FACE_CAPTURE_NOT_DONE,
  challenge_not_done: FACE_CAPTURE_NOT_DONE,
  flat: FACE_LIVENESS_FAILED,
  spoof: FACE_LIVENESS_FAILED,
};

const refuse = (userMessage: string, message: string) => new AppError('BUSINESS_RULE', { userMessage, message });

/** The liveness rules with the configured anti-spoofing and liveness floors. */
export function livenessRules(config: FaceCheckOptions['config']): LivenessRules {
  return { ...DEFAULT_LIVENESS_RULES, minAntispoof: config.minAntispoof, minLiveness: config.minLiveness };
}

/** The largest face of an analysis, or undefined. */
function largest(faces: DetectedFace[]): DetectedFace | undefined {
  return faces.reduce<DetectedFace | undefined>(
    (best, face) => (!best || face.box[2] * face.box[3] > best.box[2] * best.box[3] ? face : best),
    undefined,
  );
}

/**
 * What the engine measures in each frame of a capture (in order): faces, yaw, eye aspect
 * ratio, face width, mesh, scores, and each face's similarity with the first frame's.
 */
export async function measureFrames(engine: FaceEngine, frames: Array<{ bytes: Buffer; t: number }>): Promise<FrameMeasure[]> {
  const measures: FrameMeasure[] = [];
  let first: number[] | null = null;
  for (const frame of frames) {
    const analysis = await analyseOrUnavailable(engine, frame.bytes);
    const face = largest(analysis.faces);
    if (face && first === null) first = face.descriptor;
    measures.push({
      t: frame.t,
      faceCount: analysis.faces.length,
      yaw: face?.rotation?.yaw ?? null,
      ear: face ? eyeAspectRatio(face.mesh) : null,
      faceWidth: face?.box[2] ?? 0,
      mesh: face?.mesh ?? [],
      real: face?.real ?? 0,
      live: face?.live ?? 0,
      similarityToFirst: face && first ? engine.similarity(first, face.descriptor) : 0,
    });
  }
  return measures;
}

/**
 * Stage 2 (active liveness, decision 0153): the capture made while the detection's
 * challenge was shown. The nonce must be the attempt's, unused and unexpired, and is used
 * up by this request whatever follows (a capture sent again is refused); frames must be
 * own uploads never sent in an earlier capture (by key and by content). The frames are
 * analysed and judged (liveness-geometry.ts); every frame's measures and key are kept for
 * staff review, the capture's measures and verdict on the attempt. A refused capture counts
 * towards manual review. `noCamera`: no capture at all; the attempt goes to staff review
 * with the still photo, never passed.
 */
export async function checkLiveness(options: FaceCheckOptions & { capture: TFaceSilenceRequest }): Promise<TFaceSilenceResponse> {
  const { db, userId, imageKey, config, capture, now } = options;
  await countFaceCheck({ limit: options.limit, userId, now });
  const attempt = await selectAttempt(db, userId, imageKey);
  if (!attempt || attempt.outcome !== 'pending' || attempt.detectionPassed !== true || !attempt.challenge) {
    throw refuse(FACE_DETECTION_REQUIRED, 'liveness before detection');
  }
  if (!attempt.challengeExpiresAt || attempt.challengeExpiresAt.getTime() <= now.getTime()) {
    throw refuse(FACE_CHALLENGE_EXPIRED, 'challenge expired');
  }
  if (!(await useNonce(db, attempt.id, capture.nonce, now))) throw refuse(FACE_CAPTURE_REPLAYED, "nonce not the attempt's or used");

  if (capture.noCamera) {
    await updateAttempt(db, attempt.id, {
      captureMode: 'no_camera',
      livenessReason: 'no_camera',
      livenessPassed: false,
      outcome: 'manual_review',
    });
    return { passed: false, review: true };
  }

  const frames = capture.frames ?? [];
  const keys = frames.map((frame) => frame.key);
  if (new Set(keys).size !== keys.length || keys.includes(imageKey)) throw refuse(FACE_CAPTURE_FRAMES, 'frame keys repeated');
  const files = await Promise.all(keys.map((key) => readOwnPhoto({ db, files: options.files, userId, key })));
  const hashes = files.map((bytes) => createHash('sha256').update(bytes).digest('hex'));
  if (await framesSeenBefore(db, userId, keys, hashes)) throw refuse(FACE_CAPTURE_REPLAYED, 'frames of an earlier capture');

  const measures = await measureFrames(
    options.engine,
    files.map((bytes, i) => ({ bytes, t: frames[i]!.t })),
  );
  const verdict = judgeCapture(measures, attempt.challenge as Challenge, livenessRules(config));
  const rows: FrameRow[] = measures.map((m, i) => ({
    attemptId: attempt.id,
    userId,
    fileKey: keys[i]!,
    takenAtMs: m.t,
    sha256: hashes[i]!,
    faceCount: m.faceCount,
    yaw: m.yaw,
    eyeRatio: m.ear,
    faceWidth: m.faceWidth,
    antispoofScore: m.real,
    livenessScore: m.live,
    similarityToFirst: m.similarityToFirst,
  }));
  await insertFrames(db, rows);
  const { measures: m } = verdict;
  const fields = {
    captureMode: 'camera',
    livenessReason: verdict.reason,
    turnDegrees: m.turnDegrees,
    eyeClosure: m.eyeClosure,
    sizeGrowth: m.sizeGrowth,
    planarResidual: m.planarResidual,
    frameSimilarity: m.minFrameSimilarity,
    antispoofScore: m.medianAntispoof,
    livenessScore: m.medianLiveness,
    antispoofThreshold: config.minAntispoof,
    livenessThreshold: config.minLiveness,
    livenessPassed: verdict.passed,
  };
  if (verdict.passed) {
    await updateAttempt(db, attempt.id, fields);
    return { passed: true, review: false };
  }
  const { outcome, triesLeft } = await recordFailure(db, userId, attempt.id, fields, config.maxFailures);
  throw refuse(
    outcome === 'manual_review' ? FACE_MANUAL_REVIEW : faceRefusalWithTriesLeft(MESSAGES[verdict.reason!], triesLeft),
    `face liveness failed: ${verdict.reason} (${outcome})`,
  );
}
