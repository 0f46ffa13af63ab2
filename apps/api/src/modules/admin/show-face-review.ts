import type { TReviewFaceAttemptsResponse } from '@app/contract/admin/admin-face-review-schemas.ts';
import type { Db } from '../../db/client.ts';
import { faceFrameKeyForStaff, faceStillKeyForStaff, listFaceAttemptsForStaff } from '../face-check/index.ts';
import { getOrder } from '../orders/index.ts';
import { recordAudit, type Actor } from './record-audit.ts';

/**
 * The face attempts of an application's borrower for the reviewer (challenge, nonce,
 * scores and thresholds, verdict, frames in capture order). A biometric record of a person:
 * each view is written to the audit trail under the order. Null when there is no such order.
 */
export async function showFaceReview(options: {
  db: Db;
  actor: Actor;
  orderId: number;
  now: Date;
}): Promise<TReviewFaceAttemptsResponse | null> {
  const { db, orderId, now } = options;
  const order = await getOrder({ db, orderId });
  if (!order) return null;
  const attempts = await listFaceAttemptsForStaff({ db, userId: order.userId, now });
  await recordAudit({
    db,
    actor: options.actor,
    at: now,
    action: 'review.faceViewed',
    target: `order:${order.orderNo}`,
    after: { attempts: attempts.length, frames: attempts.reduce((sum, attempt) => sum + attempt.frames.length, 0) },
  });
  return { attempts };
}

/** The owner and upload key of a capture frame of the application's borrower, or null (no such order, or not this borrower's frame). */
export async function reviewFaceFrameKey(options: {
  db: Db;
  orderId: number;
  frameId: number;
}): Promise<{ userId: number; key: string } | null> {
  const order = await getOrder({ db: options.db, orderId: options.orderId });
  if (!order) return null;
  const key = await faceFrameKeyForStaff({ db: options.db, userId: order.userId, frameId: options.frameId });
  return key ? { userId: order.userId, key } : null;
}

/** The owner and upload key of the still photo of a face attempt of the application's borrower, or null. */
export async function reviewFaceStillKey(options: {
  db: Db;
  orderId: number;
  attemptId: number;
}): Promise<{ userId: number; key: string } | null> {
  const order = await getOrder({ db: options.db, orderId: options.orderId });
  if (!order) return null;
  const key = await faceStillKeyForStaff({ db: options.db, userId: order.userId, attemptId: options.attemptId });
  return key ? { userId: order.userId, key } : null;
}
