import { ID_NUMBER_CHECK_LIMIT } from '@app/contract/messages/onboarding.ts';
import { AppError } from '../../errors/app-error.ts';
import { HOUR_MS, type LimiterTag, type RateLimiter } from '../../plugins/rate-limits.ts';

/**
 * Asking whether an ID number is taken (identitycheck, or saving a new number) tells
 * whether that person has an account here: a few tries an hour per user are enough for
 * typos, and too few to search for other people.
 */
export const IDENTITY_PROBES_PER_HOUR = 10;

export interface IdentityProbeLimit {
  limiter: RateLimiter;
  limiterTag: LimiterTag;
}

/** Counts one probe of `userId`, or refuses when the hour's budget is spent. */
export async function countIdentityProbe(options: IdentityProbeLimit & { userId: number; now: Date }): Promise<void> {
  const key = `id-probe:${options.limiterTag(`user:${options.userId}`)}`;
  const { allowed } = await options.limiter.hit(key, IDENTITY_PROBES_PER_HOUR, HOUR_MS, options.now.getTime());
  if (!allowed)
    throw new AppError('BUSINESS_RULE', { userMessage: ID_NUMBER_CHECK_LIMIT, message: 'identity probes over the hourly limit' });
}
