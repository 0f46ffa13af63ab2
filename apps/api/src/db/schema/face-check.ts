import { boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { userRef } from './users.ts';

/** Owned by modules/face-check (onboarding step 5). */

/**
 * One selfie checked for step 5, with every score the server computed and the thresholds
 * it used: detection (face count, size, centring, brightness), silent liveness
 * (anti-spoofing and liveness scores) and the comparison with the ID card front
 * (similarity). Face descriptors are never stored, only scores.
 *
 * `outcome`: 'pending' while stages remain, 'passed', 'failed', or 'manual_review' on the
 * failure that reached the configured maximum (the user is then reviewed by staff).
 */
export const faceCheckAttempts = pgTable(
  'face_check_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    /** The selfie: an upload key of the same user. */
    imageKey: text('image_key').notNull(),
    faceCount: integer('face_count'),
    /** Face width over the image's shorter side. */
    faceSizeRatio: real('face_size_ratio'),
    /** Distance of the face centre from the image centre, over the image's shorter side. */
    centreOffset: real('centre_offset'),
    brightness: real('brightness'),
    detectionPassed: boolean('detection_passed'),
    /** The failed rule: no_face, several_faces, too_small, off_centre, too_dark. */
    detectionReason: text('detection_reason'),
    antispoofScore: real('antispoof_score'),
    livenessScore: real('liveness_score'),
    antispoofThreshold: real('antispoof_threshold'),
    livenessThreshold: real('liveness_threshold'),
    livenessPassed: boolean('liveness_passed'),
    /** The ID card front compared with (upload key of the same user). */
    idCardKey: text('id_card_key'),
    similarity: real('similarity'),
    similarityThreshold: real('similarity_threshold'),
    comparePassed: boolean('compare_passed'),
    /**
     * Active liveness (decision 0153): the challenge the server chose at detection
     * (turn_left, turn_right, blink, move_closer), its one-use nonce and expiry; when the
     * capture was received (the nonce used); 'camera' or 'no_camera' (no capture: staff
     * review); the failed rule of the capture; its measures.
     */
    challenge: text('challenge'),
    nonce: text('nonce'),
    challengeExpiresAt: timestamp('challenge_expires_at', { withTimezone: true }),
    nonceUsedAt: timestamp('nonce_used_at', { withTimezone: true }),
    captureMode: text('capture_mode'),
    livenessReason: text('liveness_reason'),
    turnDegrees: real('turn_degrees'),
    eyeClosure: real('eye_closure'),
    sizeGrowth: real('size_growth'),
    planarResidual: real('planar_residual'),
    frameSimilarity: real('frame_similarity'),
    outcome: text('outcome').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('face_check_attempts_user_id_idx').on(table.userId),
    uniqueIndex('face_check_attempts_user_image_uq').on(table.userId, table.imageKey),
  ],
);

/**
 * The frames of an attempt's capture (active liveness), for staff review: the upload key
 * of each frame (a sealed file of the same user, like the selfie), its time in the capture,
 * a SHA-256 of its bytes (a capture sent again is refused) and what the model measured.
 * Deleted with the attempt (and the account).
 */
export const faceCheckFrames = pgTable(
  'face_check_frames',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => faceCheckAttempts.id, { onDelete: 'cascade' }),
    userId: userRef(),
    fileKey: text('file_key').notNull(),
    takenAtMs: integer('taken_at_ms').notNull(),
    sha256: text('sha256').notNull(),
    faceCount: integer('face_count').notNull(),
    yaw: real('yaw'),
    eyeRatio: real('eye_ratio'),
    faceWidth: real('face_width'),
    antispoofScore: real('antispoof_score'),
    livenessScore: real('liveness_score'),
    similarityToFirst: real('similarity_to_first'),
    createdAt: createdAt(),
  },
  (table) => [
    index('face_check_frames_attempt_idx').on(table.attemptId),
    index('face_check_frames_user_sha_idx').on(table.userId, table.sha256),
    uniqueIndex('face_check_frames_user_key_uq').on(table.userId, table.fileKey),
  ],
);
