import { describe, expect, it } from 'vitest';
import { ZVitalsBeaconSchema } from '@app/contract/schemas/web-vitals.ts';
import { beaconOf, pageOfHash } from './report-web-vitals.ts';

describe('pageOfHash', () => {
  it('names the route, never its address or query', () => {
    expect(pageOfHash('')).toBe('loans');
    expect(pageOfHash('#/')).toBe('loans');
    expect(pageOfHash('#/pages/loans/index')).toBe('loans');
    expect(pageOfHash('#/pages/order/detail?orderId=123456')).toBe('orderDetail');
    expect(pageOfHash('#/pages/login/index?redirect=%2Fpages%2Fme%2Findex')).toBe('login');
    expect(pageOfHash('#/pages/nothing/here')).toBe('other');
  });
});

describe('beaconOf', () => {
  it('rounds the values, drops impossible ones and caps the count, so the server accepts it', () => {
    const beacon = beaconOf('orderDetail', [
      { name: 'LCP', value: 1834.56, rating: 'good' },
      { name: 'CLS', value: 0.123456, rating: 'needs-improvement' },
      { name: 'TTFB', value: Number.NaN, rating: 'good' },
      { name: 'INP', value: 90_000, rating: 'poor' },
      ...Array.from({ length: 10 }, () => ({ name: 'INP' as const, value: 40, rating: 'good' as const })),
    ]);
    expect(beacon.samples.slice(0, 2)).toEqual([
      { name: 'LCP', value: 1835, rating: 'good' },
      { name: 'CLS', value: 0.1235, rating: 'needs-improvement' },
    ]);
    expect(beacon.samples).toHaveLength(8);
    expect(ZVitalsBeaconSchema.safeParse(beacon).success).toBe(true);
  });
});
