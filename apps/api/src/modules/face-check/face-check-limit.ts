import { FACE_CHECK_LIMIT } from '@app/contract/messages/face-check.ts';
import { AppError } from '../../errors/app-error.ts';
import { hitHourlyUserBudget, type LimiterTag, type RateLimiter } from '../../plugins/rate-limits.ts';

export interface FaceCheckLimit {
  limiter: RateLimiter;
  limiterTag: LimiterTag;
  /** Face-check requests a user may make in any hour (each runs the models: 0.2-0.4 s of CPU). */
  perHour: number;
}

/** Counts one face-check request of `userId`, or refuses when the hour's budget is spent. */
export async function countFaceCheck(options: { limit: FaceCheckLimit; userId: number; now: Date }): Promise<void> {
  const { limit } = options;
  const allowed = await hitHourlyUserBudget({ ...limit, budget: 'face-check', userId: options.userId, now: options.now });
  if (!allowed) throw new AppError('BUSINESS_RULE', { userMessage: FACE_CHECK_LIMIT, message: 'face checks over the hourly limit' });
}
