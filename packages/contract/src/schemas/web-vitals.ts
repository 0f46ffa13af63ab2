import { z } from 'zod';

/**
 * Real users' web vitals (decision 0158): the web app sends what the `web-vitals` library
 * measured with `navigator.sendBeacon` to a plain-JSON route of its own, not through the
 * encrypted protocol (a beacon can set no header and reads no answer). Nothing personal:
 * the page is a route's name, never its address or query; no user, device or address.
 */

/**
 * The performance mark the web app sets once its vitals reporter listens for the page being
 * hidden: from then on leaving the page sends the beacon (a browser test waits for it).
 */
export const VITALS_LISTENING_MARK = 'vitals-listening';

/** Where the beacon goes, under the runtime config's `apiBase`. */
export const VITALS_BEACON_PATH = '/api/vitals';
/** The largest beacon body the server reads (bytes); larger ones are refused unread. */
export const VITALS_BEACON_MAX_BYTES = 2048;
/** A page's report holds at most this many samples (four metrics, each at most twice). */
export const VITALS_BEACON_MAX_SAMPLES = 8;

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type TVitalMetric = (typeof VITAL_METRICS)[number];
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;

/** A page that is no route of the app (the router sends it to the loans page). */
export const VITALS_OTHER_PAGE = 'other';

/**
 * The largest value kept: CLS is a unitless score (a few at worst), the others
 * milliseconds; a minute means a broken measure, not a slow page.
 */
export const VITAL_MAX_VALUE = 60_000;

export const ZVitalSampleSchema = z.strictObject({
  name: z.enum(VITAL_METRICS),
  value: z.number().finite().min(0).max(VITAL_MAX_VALUE),
  rating: z.enum(VITAL_RATINGS),
});
export type TVitalSample = z.infer<typeof ZVitalSampleSchema>;

export const ZVitalsBeaconSchema = z.strictObject({
  /** The route's name (`orderDetail` for `#/pages/order/detail?orderId=…`), never its address. */
  page: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,31}$/),
  samples: z.array(ZVitalSampleSchema).min(1).max(VITALS_BEACON_MAX_SAMPLES),
});
export type TVitalsBeacon = z.infer<typeof ZVitalsBeaconSchema>;

/**
 * The p75 a metric should stay under to be good, and over which it is poor (web.dev's
 * thresholds, which the library's ratings use too).
 */
export const VITAL_THRESHOLDS: Readonly<Record<TVitalMetric, { good: number; poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/** Days the back office's dashboard shows (`npm run vitals` defaults to the same). */
export const VITALS_DASHBOARD_DAYS = 7;

/** One row of the p75 table: a page's metric on one Taipei day. */
export interface TVitalsP75Row {
  /** YYYY-MM-DD, Taipei time. */
  day: string;
  page: string;
  metric: TVitalMetric;
  p75: number;
  samples: number;
}

/** The p75 table of the days from `fromDay` to `untilDay` (Taipei), both included. */
export interface TVitalsP75Response {
  fromDay: string;
  untilDay: string;
  rows: TVitalsP75Row[];
}
