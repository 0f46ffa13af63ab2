import { z } from 'zod';
import { FACE_IMAGE_NOT_FOUND } from '../messages/face-check.ts';

/** Onboarding step 5: a selfie (an own upload key) checked on the server in three stages. */

const ZSelfieKeySchema = z.string().min(1, FACE_IMAGE_NOT_FOUND).max(200, FACE_IMAGE_NOT_FOUND);

/** POST /api/v3/userAuth/detection — one face, large, centred and lit enough. */
export const ZFaceDetectionRequestSchema = z.object({ imageKey: ZSelfieKeySchema });
export type TFaceDetectionRequest = z.input<typeof ZFaceDetectionRequestSchema>;
export const ZFaceDetectionResponseSchema = z.object({ passed: z.literal(true) });
export type TFaceDetectionResponse = z.output<typeof ZFaceDetectionResponseSchema>;

/** POST /api/v3/userAuth/silence — silent liveness of the same selfie (after detection). */
export const ZFaceSilenceRequestSchema = z.object({ imageKey: ZSelfieKeySchema });
export type TFaceSilenceRequest = z.input<typeof ZFaceSilenceRequestSchema>;
export const ZFaceSilenceResponseSchema = z.object({ passed: z.literal(true) });
export type TFaceSilenceResponse = z.output<typeof ZFaceSilenceResponseSchema>;

/**
 * POST /api/v3/userAuth/faceCompare — the selfie against the ID card front (after
 * liveness). Every failure is an envelope error with its message; the failure that reaches
 * the configured maximum answers FACE_MANUAL_REVIEW and hands the step to staff.
 */
export const ZFaceCompareRequestSchema = z.object({ imageKey: ZSelfieKeySchema });
export type TFaceCompareRequest = z.input<typeof ZFaceCompareRequestSchema>;
export const ZFaceCompareResponseSchema = z.object({ passed: z.literal(true) });
export type TFaceCompareResponse = z.output<typeof ZFaceCompareResponseSchema>;
