import { describe, expect, it } from 'vitest';
import { VITALS_BEACON_MAX_BYTES, VITALS_BEACON_PATH } from '@app/contract/schemas/web-vitals.ts';
import { VITALS_REPORT_INVALID, VITALS_REPORT_TOO_LARGE, VITALS_REPORTS_THROTTLED } from '@app/contract/messages/web-vitals.ts';
import { webVitalSamples } from '../../db/schema.ts';
import { testServerPerFile } from '../../test/test-server.ts';
import { recordWebVitals } from './record-web-vitals.ts';
import { webVitalsP75 } from './index.ts';

const PER_MINUTE = 12;
const { database, server } = testServerPerFile({ env: { VITALS_BEACONS_PER_MINUTE: String(PER_MINUTE), VITALS_KEEP_DAYS: '7' } });

async function beacon(body: string, type = 'text/plain;charset=UTF-8') {
  const response = await fetch(`${server.baseUrl}${VITALS_BEACON_PATH}`, { method: 'POST', headers: { 'content-type': type }, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { message: string }) : null };
}

async function allSamples() {
  return database.handle.db.select().from(webVitalSamples);
}

async function clearSamples() {
  await database.handle.db.delete(webVitalSamples);
}

async function resetLimit() {
  await server.app.rateLimiter.reset(`vitals:${server.app.limiterTag('127.0.0.1')}`);
}

const valid = {
  page: 'orderDetail',
  samples: [
    { name: 'LCP', value: 1830.4, rating: 'good' },
    { name: 'CLS', value: 0.02, rating: 'good' },
    { name: 'TTFB', value: 912, rating: 'needs-improvement' },
  ],
};

describe(`POST ${VITALS_BEACON_PATH}`, () => {
  it("stores one row per sample under today's Taipei day, with the page's name and nothing about who sent it", async () => {
    await clearSamples();
    await resetLimit();
    const answer = await beacon(JSON.stringify(valid));
    expect(answer).toEqual({ status: 204, body: null });
    const rows = await allSamples();
    expect(
      rows.map(({ page, metric, value, rating }) => ({ page, metric, value, rating })).sort((a, b) => a.metric.localeCompare(b.metric)),
    ).toEqual([
      { page: 'orderDetail', metric: 'CLS', value: 0.02, rating: 'good' },
      { page: 'orderDetail', metric: 'LCP', value: 1830.4, rating: 'good' },
      { page: 'orderDetail', metric: 'TTFB', value: 912, rating: 'needs-improvement' },
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    expect(new Set(rows.map((row) => row.day))).toEqual(new Set([today]));
    // The table has no column that could hold a person, an address or a device.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['day', 'id', 'metric', 'page', 'rating', 'value']);
  });

  it('reads a JSON body sent as application/json too', async () => {
    await clearSamples();
    await resetLimit();
    expect(
      (await beacon(JSON.stringify({ page: 'loans', samples: [{ name: 'INP', value: 64, rating: 'good' }] }), 'application/json')).status,
    ).toBe(204);
    expect(await allSamples()).toHaveLength(1);
  });

  it('refuses invalid reports whole, in Traditional Chinese, and stores nothing', async () => {
    await clearSamples();
    await resetLimit();
    const invalid: unknown[] = [
      'not json',
      '',
      { page: 'loans', samples: [] },
      { page: '#/pages/order/detail?orderId=1', samples: valid.samples },
      { page: 'loans', samples: [{ name: 'FID', value: 10, rating: 'good' }] },
      { page: 'loans', samples: [{ name: 'LCP', value: -1, rating: 'good' }] },
      { page: 'loans', samples: [{ name: 'LCP', value: 1e9, rating: 'good' }] },
      { page: 'loans', samples: [{ name: 'LCP', value: 100, rating: 'great' }] },
      // Unknown fields are refused, so nothing personal can ride along.
      { page: 'loans', samples: valid.samples, userId: 7 },
      { page: 'loans', samples: [{ name: 'LCP', value: 100, rating: 'good', url: 'https://x/#/pages/order/detail?orderId=9' }] },
      { page: 'loans', samples: Array.from({ length: 9 }, () => ({ name: 'CLS', value: 0, rating: 'good' })) },
    ];
    for (const body of invalid) {
      const answer = await beacon(typeof body === 'string' ? body : JSON.stringify(body));
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { message: VITALS_REPORT_INVALID } });
    }
    expect(await allSamples()).toEqual([]);
  });

  it('refuses a body over the size cap unread, and stores nothing', async () => {
    await clearSamples();
    await resetLimit();
    const padded = JSON.stringify({ ...valid, page: 'loans', pad: 'x'.repeat(VITALS_BEACON_MAX_BYTES) });
    expect(await beacon(padded)).toEqual({ status: 413, body: { message: VITALS_REPORT_TOO_LARGE } });
    expect(await beacon(padded, 'application/json')).toEqual({ status: 413, body: { message: VITALS_REPORT_TOO_LARGE } });
    expect(await allSamples()).toEqual([]);
  });

  it('counts beacons per address: past the minute’s limit they are refused and not stored', async () => {
    await clearSamples();
    await resetLimit();
    const one = JSON.stringify({ page: 'me', samples: [{ name: 'TTFB', value: 300, rating: 'good' }] });
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await beacon(one)).status).toBe(204);
    expect(await beacon(one)).toEqual({ status: 429, body: { message: VITALS_REPORTS_THROTTLED } });
    expect(await allSamples()).toHaveLength(PER_MINUTE);
    await resetLimit();
  });
});

describe('p75 per page, metric and Taipei day', () => {
  it('interpolates the 75th percentile per group, splits days at Taipei midnight, and keeps only the last days', async () => {
    await clearSamples();
    const db = database.handle.db;
    const pruned = { day: null as string | null };
    const report = (page: string, values: number[]) =>
      JSON.stringify({ page, samples: values.map((value) => ({ name: 'LCP', value, rating: 'good' })) });
    // 2026-11-24 23:30 Taipei is 15:30 UTC: still the 24th in Taipei.
    const day24 = new Date('2026-11-24T15:30:00Z');
    // 2026-11-25 00:10 Taipei (16:10 UTC on the 24th): the 25th.
    const day25 = new Date('2026-11-24T16:10:00Z');
    // 1, 2, 3, 4: p75 = 3 + 0.25 × (4 - 3) = 3.25 (linear interpolation).
    expect(await recordWebVitals({ db, body: report('loans', [1000, 2000]), now: day24, keepDays: 7, pruned })).toBe('recorded');
    expect(await recordWebVitals({ db, body: report('loans', [4000, 3000]), now: day24, keepDays: 7, pruned })).toBe('recorded');
    // Another page the same day (one slow outlier in five leaves the p75), and the same page the next day, apart.
    await recordWebVitals({ db, body: report('login', [500, 500, 500, 500, 9000]), now: day24, keepDays: 7, pruned });
    await recordWebVitals({ db, body: report('loans', [10, 20, 30, 40, 50]), now: day25, keepDays: 7, pruned });
    await recordWebVitals({
      db,
      body: JSON.stringify({ page: 'loans', samples: [{ name: 'CLS', value: 0.1, rating: 'needs-improvement' }] }),
      now: day25,
      keepDays: 7,
      pruned,
    });

    const table = await webVitalsP75({ db, now: new Date('2026-11-25T04:00:00Z'), days: 7 });
    expect(table.fromDay).toBe('2026-11-19');
    expect(table.untilDay).toBe('2026-11-25');
    expect(table.rows).toEqual([
      { day: '2026-11-24', page: 'loans', metric: 'LCP', p75: 3250, samples: 4 },
      { day: '2026-11-24', page: 'login', metric: 'LCP', p75: 500, samples: 5 },
      { day: '2026-11-25', page: 'loans', metric: 'CLS', p75: 0.1, samples: 1 },
      { day: '2026-11-25', page: 'loans', metric: 'LCP', p75: 40, samples: 5 },
    ]);
    // A day outside the window is not in the table.
    expect((await webVitalsP75({ db, now: new Date('2026-12-01T04:00:00Z'), days: 7 })).rows.map((row) => row.day)).toEqual([
      '2026-11-25',
      '2026-11-25',
    ]);

    // Seven days kept: the first report of 2026-12-01 drops the 24th, keeps the 25th.
    await recordWebVitals({ db, body: report('me', [700]), now: new Date('2026-12-01T01:00:00Z'), keepDays: 7, pruned });
    const days = new Set((await allSamples()).map((row) => row.day));
    expect(days).toEqual(new Set(['2026-11-25', '2026-12-01']));
  });
});
