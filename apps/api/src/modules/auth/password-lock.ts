import type { Config } from '../../config/env.ts';
import { HOUR_MS, type LimiterTag, type RateLimiter } from '../../plugins/rate-limits.ts';

/**
 * Wrong passwords per number: PASSWORD_FAILURES_PER_HOUR of them lock password login for
 * PASSWORD_LOCK_MINUTES (codes still work). Counted per number whether or not it is
 * registered, so the lock tells nothing. Password logins and password changes share it:
 * a stolen session must not become a password oracle.
 */
export interface PasswordLockOptions {
  limiter: RateLimiter;
  limiterTag: LimiterTag;
  config: Config;
  now: Date;
  mobile: string;
}

const failuresKey = (o: PasswordLockOptions) => `pw:fail:${o.limiterTag(o.mobile)}`;
const lockKey = (o: PasswordLockOptions) => `pw:lock:${o.limiterTag(o.mobile)}`;
const lockMs = (o: PasswordLockOptions) => o.config.passwordLockMinutes * 60_000;

export async function isPasswordLocked(options: PasswordLockOptions): Promise<boolean> {
  return (await options.limiter.count(lockKey(options), lockMs(options), options.now.getTime())) > 0;
}

/** Counts a wrong password; the one that reaches the limit starts the lock. */
export async function recordPasswordFailure(options: PasswordLockOptions): Promise<'wrong' | 'locked'> {
  const { limiter, config } = options;
  const now = options.now.getTime();
  const hit = await limiter.hit(failuresKey(options), config.passwordFailuresPerHour, HOUR_MS, now);
  if (hit.allowed && hit.count < config.passwordFailuresPerHour) return 'wrong';
  await limiter.hit(lockKey(options), 1, lockMs(options), now);
  await limiter.reset(failuresKey(options));
  return 'locked';
}

export async function clearPasswordFailures(options: PasswordLockOptions): Promise<void> {
  await options.limiter.reset(failuresKey(options));
}
