import { z } from 'zod';
import { ZFaceChallengeSchema } from '../schemas/face-check.ts';
import { ZOrderIdParamsSchema } from './admin-schemas.ts';

/**
 * A review's face attempts as staff see them (the review page's 人臉辨識紀錄): each
 * attempt's challenge and its nonce's state, the scores beside the thresholds they were
 * judged by, the verdict, and the capture's frames in capture order. A frame's image is
 * served by the review's frame route, by the frame's id, and the attempt's still photo (the
 * one detection checked) by the attempt's id — never a file key.
 */

export const ZReviewFaceFrameParamsSchema = ZOrderIdParamsSchema.extend({
  frameId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZReviewFaceStillParamsSchema = ZOrderIdParamsSchema.extend({
  attemptId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** used: a capture (or "no camera") was received with it; expired: never used and past its expiry; open: still usable; none: no challenge (detection failed). */
export const FACE_NONCE_STATES = ['used', 'expired', 'open', 'none'] as const;
export const FACE_SCORE_KEYS = [
  'similarity',
  'antispoof',
  'liveness',
  'frameSimilarity',
  'turnDegrees',
  'planarResidual',
  'eyeClosure',
  'sizeGrowth',
] as const;

export const ZFaceScoreSchema = z.object({
  key: z.enum(FACE_SCORE_KEYS),
  value: z.number(),
  /** The value passes at or above (atLeast) or at or under (atMost) the threshold. */
  threshold: z.number().nullable(),
  direction: z.enum(['atLeast', 'atMost']),
  passed: z.boolean().nullable(),
});
export type TFaceScore = z.infer<typeof ZFaceScoreSchema>;

export const ZFaceFrameSchema = z.object({
  id: z.number().int(),
  /** Milliseconds since the capture started. */
  t: z.number().int(),
  faceCount: z.number().int(),
  yaw: z.number().nullable(),
  antispoof: z.number().nullable(),
  liveness: z.number().nullable(),
  similarityToFirst: z.number().nullable(),
});

export const ZFaceAttemptSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** pending, retake, passed, failed, manual_review. */
  outcome: z.string(),
  challenge: ZFaceChallengeSchema.nullable(),
  nonce: z.enum(FACE_NONCE_STATES),
  challengeExpiresAt: z.string().nullable(),
  nonceUsedAt: z.string().nullable(),
  /** camera, no_camera, or null before a capture. */
  captureMode: z.string().nullable(),
  /** The failed detection rule (no_face, …) or null. */
  detectionReason: z.string().nullable(),
  /** The failed liveness rule (flat, spoof, no_camera, …) or null. */
  livenessReason: z.string().nullable(),
  scores: z.array(ZFaceScoreSchema),
  frames: z.array(ZFaceFrameSchema),
});
export type TFaceAttempt = z.infer<typeof ZFaceAttemptSchema>;

export const ZReviewFaceAttemptsResponseSchema = z.object({ attempts: z.array(ZFaceAttemptSchema) });
export type TReviewFaceAttemptsResponse = z.infer<typeof ZReviewFaceAttemptsResponseSchema>;
