import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN, ADMIN_NOT_FOUND } from '@app/contract/admin/admin-messages.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import type { TReviewFaceAttemptsResponse } from '@app/contract/admin/admin-face-review-schemas.ts';
import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import { faceCheckAttempts, faceCheckFrames } from '../../db/schema/face-check.ts';
import { accountsServerPerFile, MINUTE, uploadedImage } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient } from '../../test/admin-test-kit.ts';
import { createBorrower, type Borrower } from '../../test/lending-test-kit.ts';
import { eventually, submittedOrder } from '../../test/order-test-kit.ts';
import { listAwaitingReview } from '../decisions/resolve-manual-review.ts';
import { submitForDecision } from '../decisions/submit-for-decision.ts';

/**
 * The reviewer's view of a borrower's face attempts: each attempt's challenge and nonce,
 * scores beside their thresholds, verdict, and the capture's frames in capture order, each
 * frame's image served like the ID photos (reviewers and administrators only, no caching,
 * only the application's own borrower's frames). The attempts are recorded as the face check
 * records them (the rows and the sealed uploads), without running the models.
 */

const { server, database } = accountsServerPerFile({ env: { DECISION_DELAY_MS: '1', JOB_POLLING_MS: '500' } });
const db = () => database.handle.db;

/** A small JPEG of one colour: each frame's bytes are its own. */
const jpeg = async (shade: number) =>
  new Uint8Array(
    await sharp({ create: { width: 48, height: 64, channels: 3, background: { r: shade, g: 120, b: 255 - shade } } })
      .jpeg()
      .toBuffer(),
  );

interface Recorded {
  borrower: Borrower;
  orderId: number;
  /** The frames' bytes in capture order. */
  frames: Uint8Array[];
  /** The still photo of the last attempt (no camera). */
  still: Uint8Array;
}

/**
 * A borrower whose face check went to manual review (the lending kit's last attempt), after
 * a refused turn-left capture of three frames (kept in an order other than the capture's)
 * and a blink challenge that expired unused; then an order the engine leaves to staff.
 */
async function reviewWithFrames(): Promise<Recorded> {
  const borrower = await createBorrower(server, database.handle, { faceOutcome: 'manual_review', stopBefore: 'face' });
  const userId = Number(borrower.userId);
  const now = server.clock.now();
  const turnStill = (await uploadedImage(server, borrower, await jpeg(10), { type: 'image/jpeg', name: 'still.jpg' })).key;
  const [turn] = await db()
    .insert(faceCheckAttempts)
    .values({
      userId,
      imageKey: turnStill,
      faceCount: 1,
      detectionPassed: true,
      challenge: 'turn_left',
      nonce: 'n-turn',
      challengeExpiresAt: new Date(now.getTime() + 90_000),
      nonceUsedAt: new Date(now.getTime() + 5_000),
      captureMode: 'camera',
      livenessReason: 'flat',
      livenessPassed: false,
      turnDegrees: 24.5,
      planarResidual: 0.011,
      frameSimilarity: 0.93,
      antispoofScore: 0.71,
      antispoofThreshold: 0.4,
      livenessScore: 0.8,
      livenessThreshold: 0.5,
      outcome: 'failed',
    })
    .returning({ id: faceCheckAttempts.id });
  const frames: Uint8Array[] = [];
  const keys: string[] = [];
  for (const shade of [60, 120, 180]) {
    const bytes = await jpeg(shade);
    frames.push(bytes);
    keys.push((await uploadedImage(server, borrower, bytes, { type: 'image/jpeg', name: 'frame.jpg' })).key);
  }
  // Stored last frame first: the answer orders by the time in the capture.
  for (const i of [2, 0, 1]) {
    await db()
      .insert(faceCheckFrames)
      .values({
        attemptId: turn!.id,
        userId,
        fileKey: keys[i]!,
        takenAtMs: i * 400,
        sha256: `${i}`.repeat(64),
        faceCount: 1,
        yaw: i * 12,
        antispoofScore: 0.7,
        livenessScore: 0.8,
        similarityToFirst: i === 0 ? 1 : 0.93,
      });
  }
  const blink = (await uploadedImage(server, borrower, await jpeg(200), { type: 'image/jpeg', name: 'blink.jpg' })).key;
  await db()
    .insert(faceCheckAttempts)
    .values({
      userId,
      imageKey: blink,
      faceCount: 1,
      detectionPassed: true,
      challenge: 'blink',
      nonce: 'n-blink',
      challengeExpiresAt: new Date(now.getTime() - MINUTE),
      outcome: 'pending',
    });
  const still = await jpeg(240);
  const review = (await uploadedImage(server, borrower, still, { type: 'image/jpeg', name: 'selfie.jpg' })).key;
  await db()
    .insert(faceCheckAttempts)
    .values({
      userId,
      imageKey: review,
      faceCount: 1,
      detectionPassed: true,
      challenge: 'turn_right',
      nonce: 'n-none',
      challengeExpiresAt: new Date(now.getTime() + 90_000),
      nonceUsedAt: now,
      captureMode: 'no_camera',
      livenessReason: 'no_camera',
      livenessPassed: false,
      similarity: 0.64,
      similarityThreshold: 0.7,
      comparePassed: false,
      outcome: 'manual_review',
    });
  const orderId = await submittedOrder(db(), borrower, { now: server.clock.now(), amount: 5_000 });
  await submitForDecision({ db: db(), jobs: server.app.jobs, orderId, delayMs: server.app.config.decisionDelayMs });
  await eventually(
    async () => (await listAwaitingReview({ db: db() })).some((row) => row.orderId === orderId),
    `order ${orderId} to await staff`,
  );
  return { borrower, orderId, frames, still };
}

describe("a review's face attempts", () => {
  it('shows the reviewer every attempt with its challenge, nonce, scores and thresholds, verdict and frames in capture order; each frame and the still served uncached; the view audited', async () => {
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'face-reviewer', 'reviewer'));
    const admin = await signedInClient(server, await enrolledOperator(server, 'face-admin', 'administrator'));
    const { orderId, frames, still } = await reviewWithFrames();

    const answer = await reviewer.call(ADMIN_ROUTES.reviewFaceAttempts, { params: { orderId } });
    expect(answer.status).toBe(200);
    const { attempts } = answer.json as TReviewFaceAttemptsResponse;
    expect(attempts.map((attempt) => [attempt.challenge, attempt.nonce, attempt.outcome, attempt.frames.length])).toEqual([
      ['turn_left', 'used', 'failed', 3],
      ['blink', 'expired', 'pending', 0],
      ['turn_right', 'used', 'manual_review', 0],
    ]);
    const [turn, , noCamera] = attempts;
    expect(turn).toMatchObject({ captureMode: 'camera', livenessReason: 'flat' });
    expect(turn!.scores).toEqual([
      { key: 'antispoof', value: 0.71, threshold: 0.4, direction: 'atLeast', passed: true },
      { key: 'liveness', value: 0.8, threshold: 0.5, direction: 'atLeast', passed: true },
      { key: 'frameSimilarity', value: 0.93, threshold: 0.5, direction: 'atLeast', passed: true },
      { key: 'turnDegrees', value: 24.5, threshold: 10, direction: 'atLeast', passed: true },
      { key: 'planarResidual', value: 0.011, threshold: 0.03, direction: 'atLeast', passed: false },
    ]);
    expect(noCamera).toMatchObject({ captureMode: 'no_camera', livenessReason: 'no_camera' });
    expect(noCamera!.scores).toEqual([{ key: 'similarity', value: 0.64, threshold: 0.7, direction: 'atLeast', passed: false }]);
    expect(turn!.frames.map((frame) => [frame.t, frame.yaw])).toEqual([
      [0, 0],
      [400, 12],
      [800, 24],
    ]);
    // The file keys stay on the server.
    expect(JSON.stringify(answer.json)).not.toMatch(/fileKey|"key":"[^"]*\//);

    for (const [i, frame] of turn!.frames.entries()) {
      const image = await reviewer.call(ADMIN_ROUTES.reviewFaceFrame, { params: { orderId, frameId: frame.id } });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(image.headers.get('cache-control')).toBe('no-store');
      expect(new Uint8Array(image.json as ArrayBuffer)).toEqual(frames[i]);
    }
    expect((await admin.call(ADMIN_ROUTES.reviewFaceFrame, { params: { orderId, frameId: turn!.frames[0]!.id } })).status).toBe(200);
    // The still photo of the attempt without a camera: what the reviewer compares with the card.
    const photo = await reviewer.call(ADMIN_ROUTES.reviewFaceStill, { params: { orderId, attemptId: noCamera!.id } });
    expect(photo).toMatchObject({ status: 200 });
    expect(photo.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(photo.json as ArrayBuffer)).toEqual(still);

    const audit = await admin.call(ADMIN_ROUTES.listAudit, { query: `action=review.faceViewed&operator=face-reviewer` });
    expect((audit.json as TAuditListResponse).items).toEqual([
      expect.objectContaining({ operator: 'face-reviewer', action: 'review.faceViewed', after: { attempts: 3, frames: 3 } }),
    ]);
  });

  it('refuses support and finance (403), and a frame or still of another order’s borrower or an unknown order (404)', async () => {
    const reviewer = await signedInClient(server, await enrolledOperator(server, 'face-reviewer-2', 'reviewer'));
    const support = await signedInClient(server, await enrolledOperator(server, 'face-support', 'support'));
    const finance = await signedInClient(server, await enrolledOperator(server, 'face-finance', 'finance'));
    const first = await reviewWithFrames();
    const second = await reviewWithFrames();
    const { attempts } = (await reviewer.call(ADMIN_ROUTES.reviewFaceAttempts, { params: { orderId: second.orderId } }))
      .json as TReviewFaceAttemptsResponse;
    const othersFrame = attempts[0]!.frames[0]!.id;
    const othersAttempt = attempts[2]!.id;

    for (const client of [support, finance]) {
      expect(await client.call(ADMIN_ROUTES.reviewFaceAttempts, { params: { orderId: first.orderId } })).toMatchObject({
        status: 403,
        json: { message: ADMIN_FORBIDDEN },
      });
      expect(await client.call(ADMIN_ROUTES.reviewFaceFrame, { params: { orderId: second.orderId, frameId: othersFrame } })).toMatchObject({
        status: 403,
        json: { message: ADMIN_FORBIDDEN },
      });
      expect(
        await client.call(ADMIN_ROUTES.reviewFaceStill, { params: { orderId: second.orderId, attemptId: othersAttempt } }),
      ).toMatchObject({ status: 403, json: { message: ADMIN_FORBIDDEN } });
    }
    // The second borrower's frame asked under the first borrower's order: not this application's.
    expect(await reviewer.call(ADMIN_ROUTES.reviewFaceFrame, { params: { orderId: first.orderId, frameId: othersFrame } })).toMatchObject({
      status: 404,
      json: { message: ADMIN_NOT_FOUND },
    });
    expect(
      await reviewer.call(ADMIN_ROUTES.reviewFaceStill, { params: { orderId: first.orderId, attemptId: othersAttempt } }),
    ).toMatchObject({ status: 404, json: { message: ADMIN_NOT_FOUND } });
    expect(
      (await reviewer.call(ADMIN_ROUTES.reviewFaceStill, { params: { orderId: second.orderId, attemptId: othersAttempt } })).status,
    ).toBe(200);
    expect(await reviewer.call(ADMIN_ROUTES.reviewFaceAttempts, { params: { orderId: 2_000_000_000 } })).toMatchObject({
      status: 404,
      json: { message: ADMIN_NOT_FOUND },
    });
    expect((await reviewer.call(ADMIN_ROUTES.reviewFaceFrame, { params: { orderId: first.orderId, frameId: 'x' } })).status).toBe(400);
    // The frame row is still there: the refusals changed nothing.
    expect(await db().select().from(faceCheckFrames).where(eq(faceCheckFrames.id, othersFrame))).toHaveLength(1);
  });
});
