import { createHmac, hkdfSync } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Sliding-window counters and temporary locks for the OTP and password limits.
 * In-process by default; Redis when REDIS_URL is set, so several API instances agree.
 * Time is passed in (`now`, ms) so tests move the clock instead of waiting.
 */
/** The window of the hourly limits. */
export const HOUR_MS = 3_600_000;

export interface HitResult {
  /** True when this hit was counted within the limit. */
  allowed: boolean;
  /** Hits in the window, this one included when allowed. */
  count: number;
}

export interface LimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` unless `limit` hits already happened in the last `windowMs`. */
  hit(key: string, limit: number, windowMs: number, now: number): Promise<HitResult>;
  /**
   * All or nothing: counts one hit on every rule's key only if none is at its limit, and
   * answers the index of the first rule at its limit (-1 when counted). One refused
   * limit must not use up the others (a number at its hourly limit must not eat into
   * the address's budget).
   */
  hitAll(rules: LimitRule[], now: number): Promise<number>;
  /** Hits on `key` in the last `windowMs`, without counting one. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** Forgets every hit on `key` (e.g. after a successful login). */
  reset(key: string): Promise<void>;
  /** Forgets every hit on every key of this limiter (the test hooks' reset between browser test files). */
  clear(): Promise<void>;
  /** Throws when the store does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();

  private window(key: string, windowMs: number, now: number): number[] {
    const kept = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    this.hits.set(key, kept);
    return kept;
  }

  async hit(key: string, limit: number, windowMs: number, now: number): Promise<HitResult> {
    const kept = this.window(key, windowMs, now);
    if (kept.length >= limit) return { allowed: false, count: kept.length };
    kept.push(now);
    return { allowed: true, count: kept.length };
  }

  async hitAll(rules: LimitRule[], now: number): Promise<number> {
    // No await between the checks and the pushes: atomic within the process.
    const windows = rules.map((rule) => this.window(rule.key, rule.windowMs, now));
    const refused = windows.findIndex((kept, i) => kept.length >= (rules[i]?.limit ?? 0));
    if (refused >= 0) return refused;
    for (const kept of windows) kept.push(now);
    return -1;
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.window(key, windowMs, now).length;
  }

  async ping(): Promise<void> {
    // In the process: nothing to reach.
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  async clear(): Promise<void> {
    this.hits.clear();
  }

  async close(): Promise<void> {
    this.hits.clear();
  }
}

/**
 * One sorted set per key (score = time). The check-and-add runs as one Lua script, so two
 * instances hitting the same key at the same moment cannot both slip under the limit.
 */
const HIT_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local member = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then return {0, count} end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return {1, count + 1}
`;

/**
 * The all-or-nothing variant: KEYS are the rules' keys, ARGV = now, member, then window
 * and limit per key. Keys of one call must live on one node if Redis is ever clustered
 * (hash tags); a single Redis has no such constraint.
 */
const HIT_ALL_SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[1 + i * 2])
  local limit = tonumber(ARGV[2 + i * 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then return i - 1 end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, tonumber(ARGV[1 + i * 2]))
end
return -1
`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private sequence = 0;

  constructor(
    url: string,
    private readonly prefix = 'rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }

  async hit(key: string, limit: number, windowMs: number, now: number): Promise<HitResult> {
    this.sequence += 1;
    const member = `${now}:${process.pid}:${this.sequence}:${Math.random().toString(36).slice(2)}`;
    const result = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(now), String(windowMs), String(limit), member)) as [
      number,
      number,
    ];
    return { allowed: result[0] === 1, count: result[1] };
  }

  async hitAll(rules: LimitRule[], now: number): Promise<number> {
    this.sequence += 1;
    const member = `${now}:${process.pid}:${this.sequence}:${Math.random().toString(36).slice(2)}`;
    const args = rules.flatMap((rule) => [String(rule.windowMs), String(rule.limit)]);
    const result = await this.redis.eval(
      HIT_ALL_SCRIPT,
      rules.length,
      ...rules.map((rule) => this.prefix + rule.key),
      String(now),
      member,
      ...args,
    );
    return Number(result);
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.redis.zcount(this.prefix + key, `(${now - windowMs}`, '+inf');
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async clear(): Promise<void> {
    // Only this limiter's keys: other instances and test runs sharing the Redis keep theirs.
    for await (const keys of this.redis.scanStream({ match: `${this.prefix}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await this.redis.del(...(keys as string[]));
    }
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export function createRateLimiter(redisUrl: string | undefined, prefix?: string): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, prefix) : new MemoryRateLimiter();
}

/**
 * A stable pseudonym for a phone number or client address in limiter keys: Redis holds
 * counters, not a list of who asked for codes in the last hour.
 */
export type LimiterTag = (value: string) => string;

export function createLimiterTag(secret: Buffer): LimiterTag {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'rate-limiter-key-v1', 32));
  return (value) => createHmac('sha256', key).update(`limiter\n${value}`).digest('base64url').slice(0, 22);
}

/**
 * Counts one use of an hourly per-user budget (e.g. model runs that cost CPU); false when
 * the hour's budget is already spent. The user appears in the key only as a pseudonym.
 */
export async function hitHourlyUserBudget(options: {
  limiter: RateLimiter;
  limiterTag: LimiterTag;
  budget: string;
  userId: number;
  perHour: number;
  now: Date;
}): Promise<boolean> {
  const key = `${options.budget}:${options.limiterTag(`user:${options.userId}`)}`;
  const { allowed } = await options.limiter.hit(key, options.perHour, HOUR_MS, options.now.getTime());
  return allowed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared counters for limits (codes sent, wrong passwords); Redis when configured. */
    rateLimiter: RateLimiter;
    /** Turns a phone number or address into the pseudonym used in limiter keys. */
    limiterTag: LimiterTag;
  }
}

export interface RateLimitsPluginOptions {
  redisUrl: string | undefined;
  /** Server secret the limiter-key pseudonyms are derived from. */
  tagSecret: Buffer;
  /** Redis key prefix, so test runs sharing one Redis do not see each other's counters. */
  prefix?: string | undefined;
}

export const rateLimitsPlugin = fp<RateLimitsPluginOptions>(
  async (app, { redisUrl, prefix, tagSecret }) => {
    const limiter = createRateLimiter(redisUrl, prefix ?? 'rl:');
    app.decorate('rateLimiter', limiter);
    app.decorate('limiterTag', createLimiterTag(tagSecret));
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'rate-limits' },
);
