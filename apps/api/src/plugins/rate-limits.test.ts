import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limits.ts';

const HOUR = 3_600_000;
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${process.pid}:${Date.now()}:`;
let made = 0;

const limiters: Array<[string, () => RateLimiter]> = [
  ['memory', () => new MemoryRateLimiter()],
  ['redis', () => new RedisRateLimiter(REDIS_URL, `${prefix}${(made += 1)}:`)],
];
const open: RateLimiter[] = [];
afterAll(async () => {
  await Promise.all(open.map((l) => l.close()));
});

describe.each(limiters)('%s rate limiter', (_name, make) => {
  const limiter = make();
  open.push(limiter);

  it('allows up to the limit in the window, then refuses, then allows once the window slides', async () => {
    const t0 = 1_000_000;
    for (let i = 1; i <= 5; i += 1) {
      expect(await limiter.hit('a', 5, HOUR, t0 + i)).toEqual({ allowed: true, count: i });
    }
    expect((await limiter.hit('a', 5, HOUR, t0 + 10)).allowed).toBe(false);
    expect(await limiter.count('a', HOUR, t0 + 10)).toBe(5);
    expect((await limiter.hit('a', 5, HOUR, t0 + 1 + HOUR)).allowed).toBe(true);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const t = 5_000_000;
    await limiter.hit('b', 1, HOUR, t);
    expect((await limiter.hit('b', 1, HOUR, t)).allowed).toBe(false);
    expect((await limiter.hit('c', 1, HOUR, t)).allowed).toBe(true);
    await limiter.reset('b');
    expect((await limiter.hit('b', 1, HOUR, t)).allowed).toBe(true);
  });

  it('forgets every key of its own on clear, and none of another limiter on the same store', async () => {
    const t = 9_000_000;
    const other = make();
    open.push(other);
    for (const key of ['d', 'e']) await limiter.hit(key, 1, HOUR, t);
    await other.hit('f', 1, HOUR, t);
    await limiter.clear();
    expect((await limiter.hit('d', 1, HOUR, t)).allowed).toBe(true);
    expect((await limiter.hit('e', 1, HOUR, t)).allowed).toBe(true);
    // The memory limiter's store is its own; a Redis one shares the server, under another prefix here.
    expect((await other.hit('f', 1, HOUR, t)).allowed).toBe(false);
  });
});

describe.each(limiters)('%s rate limiter, all-or-nothing', (_name, make) => {
  const limiter = make();
  open.push(limiter);

  it('counts every rule or none, and names the first rule at its limit', async () => {
    const t = 20_000_000;
    const rules = [
      { key: 'n1', limit: 2, windowMs: HOUR },
      { key: 'addr', limit: 3, windowMs: HOUR },
    ];
    expect(await limiter.hitAll(rules, t)).toBe(-1);
    expect(await limiter.hitAll(rules, t + 1)).toBe(-1);
    expect(await limiter.hitAll(rules, t + 2)).toBe(0);
    // The refused call did not use up the address's budget.
    expect(await limiter.count('addr', HOUR, t + 2)).toBe(2);
    expect(await limiter.hitAll([{ key: 'n2', limit: 2, windowMs: HOUR }, rules[1]!], t + 3)).toBe(-1);
    expect(await limiter.hitAll([{ key: 'n3', limit: 2, windowMs: HOUR }, rules[1]!], t + 4)).toBe(1);
    expect(await limiter.count('n3', HOUR, t + 4)).toBe(0);
  });
});

describe('redis rate limiter shared by two instances', () => {
  it('holds the limit when 30 hits from two instances race', async () => {
    const one = new RedisRateLimiter(REDIS_URL, prefix);
    const two = new RedisRateLimiter(REDIS_URL, prefix);
    open.push(one, two);
    const now = 9_000_000;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).hit('shared', 5, HOUR, now + i)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('holds an all-or-nothing limit when 40 calls from two instances race', async () => {
    const one = new RedisRateLimiter(REDIS_URL, prefix);
    const two = new RedisRateLimiter(REDIS_URL, prefix);
    open.push(one, two);
    const now = 12_000_000;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? one : two).hitAll(
          [
            { key: `race-n${i % 4}`, limit: 100, windowMs: HOUR },
            { key: 'race-addr', limit: 20, windowMs: HOUR },
          ],
          now + i,
        ),
      ),
    );
    expect(results.filter((r) => r === -1)).toHaveLength(20);
    expect(await one.count('race-addr', HOUR, now + 40)).toBe(20);
  });
});
