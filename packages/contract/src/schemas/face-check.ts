import { z } from 'zod';
import { FACE_CAPTURE_FRAMES, FACE_CHALLENGE_EXPIRED, FACE_IMAGE_NOT_FOUND } from '../messages/face-check.ts';

/** Onboarding step 5: a selfie (an own upload key) checked on the server in three stages. */

const ZSelfieKeySchema = z.string().min(1, FACE_IMAGE_NOT_FOUND).max(200, FACE_IMAGE_NOT_FOUND);

/** The actions a capture may be asked to show (decision 0153). */
export const FACE_CHALLENGES = ['turn_left', 'turn_right', 'blink', 'move_closer'] as const;
export const ZFaceChallengeSchema = z.enum(FACE_CHALLENGES);
export type TFaceChallenge = z.output<typeof ZFaceChallengeSchema>;

/** Frames a capture sends (2-4 s of the front camera, sampled). */
export const FACE_CAPTURE_MIN_FRAMES = 6;
export const FACE_CAPTURE_MAX_FRAMES = 12;

/**
 * POST /api/v3/userAuth/detection — a still frame (an own upload) has one face, large,
 * centred and lit enough; the answer gives the capture's challenge: one action chosen by
 * the server for this attempt, a one-use nonce and how long it holds. Asked again for the
 * same photo, a new challenge replaces the old one.
 */
export const ZFaceDetectionRequestSchema = z.object({ imageKey: ZSelfieKeySchema });
export type TFaceDetectionRequest = z.input<typeof ZFaceDetectionRequestSchema>;
export const ZFaceDetectionResponseSchema = z.object({
  passed: z.literal(true),
  challenge: ZFaceChallengeSchema,
  nonce: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type TFaceDetectionResponse = z.output<typeof ZFaceDetectionResponseSchema>;

const ZNonceSchema = z.string().min(1, FACE_CHALLENGE_EXPIRED).max(100, FACE_CHALLENGE_EXPIRED);

/**
 * POST /api/v3/userAuth/silence — active liveness: the frames of the capture made while
 * the challenge was shown (own uploads, with their milliseconds since the capture began),
 * with the detection's nonce. `noCamera: true` instead of frames: the device has no
 * camera the page could open; the attempt goes to staff review with the still photo
 * (`review: true`), never an automatic pass.
 */
export const ZFaceSilenceRequestSchema = z
  .object({
    imageKey: ZSelfieKeySchema,
    nonce: ZNonceSchema,
    frames: z
      .array(z.object({ key: ZSelfieKeySchema, t: z.number().int().min(0).max(60_000) }))
      .max(FACE_CAPTURE_MAX_FRAMES, FACE_CAPTURE_FRAMES)
      .default([]),
    noCamera: z.boolean().default(false),
  })
  .refine((value) => value.noCamera || value.frames.length >= FACE_CAPTURE_MIN_FRAMES, { message: FACE_CAPTURE_FRAMES, path: ['frames'] });
export type TFaceSilenceRequest = z.input<typeof ZFaceSilenceRequestSchema>;
export const ZFaceSilenceResponseSchema = z.object({ passed: z.boolean(), review: z.boolean() });
export type TFaceSilenceResponse = z.output<typeof ZFaceSilenceResponseSchema>;

/**
 * POST /api/v3/userAuth/faceCompare — the selfie against the ID card front (after
 * liveness). Every failure is an envelope error with its message; the failure that reaches
 * the configured maximum answers FACE_MANUAL_REVIEW and hands the step to staff.
 */
export const ZFaceCompareRequestSchema = z.object({ imageKey: ZSelfieKeySchema });
export type TFaceCompareRequest = z.input<typeof ZFaceCompareRequestSchema>;
/** `review: true`: an attempt without a capture (no camera) was compared for staff, not passed. */
export const ZFaceCompareResponseSchema = z.object({ passed: z.boolean(), review: z.boolean() });
export type TFaceCompareResponse = z.output<typeof ZFaceCompareResponseSchema>;
