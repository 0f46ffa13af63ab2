import { DEFAULT_VITALS_SAMPLE_RATE } from '@app/contract/runtime-config.ts';
import {
  VITAL_MAX_VALUE,
  VITALS_BEACON_MAX_SAMPLES,
  VITALS_BEACON_PATH,
  VITALS_LISTENING_MARK,
  VITALS_OTHER_PAGE,
  type TVitalSample,
  type TVitalsBeacon,
} from '@app/contract/schemas/web-vitals.ts';
import { getRuntimeConfig } from '../../shared/config/runtime-config.ts';
import { ROUTES } from '../../shared/config/route-paths.ts';

/**
 * Real users' vitals (decision 0158): LCP, INP, CLS and TTFB of this session, measured by
 * the `web-vitals` library and sent with `navigator.sendBeacon` when the page is hidden
 * (the moment the library settles LCP, CLS and INP, and the last one a phone gives).
 * Loaded after the first view (app/vitals-reporting.ts); a session outside the sample
 * never imports the library (the service worker precaches its file with the others, after install).
 */

/** The route's name of a location hash: `#/pages/order/detail?orderId=9` → `orderDetail`. */
export function pageOfHash(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (path === '' || path === '/') return 'loans';
  const found = (Object.keys(ROUTES) as Array<keyof typeof ROUTES>).find((name) => ROUTES[name] === path);
  return found ?? VITALS_OTHER_PAGE;
}

/** What one beacon carries: the samples as the server checks them, rounded. */
export function beaconOf(page: string, samples: readonly TVitalSample[]): TVitalsBeacon {
  return {
    page,
    samples: samples
      .filter((sample) => Number.isFinite(sample.value) && sample.value >= 0 && sample.value <= VITAL_MAX_VALUE)
      .map((sample) => ({
        ...sample,
        value: sample.name === 'CLS' ? Math.round(sample.value * 10_000) / 10_000 : Math.round(sample.value),
      }))
      .slice(0, VITALS_BEACON_MAX_SAMPLES),
  };
}

export async function reportWebVitals(options: { page: string; random?: () => number }): Promise<void> {
  const config = getRuntimeConfig();
  const rate = config.vitalsSampleRate ?? DEFAULT_VITALS_SAMPLE_RATE;
  if (!(typeof navigator.sendBeacon === 'function') || (options.random ?? Math.random)() >= rate) return;
  const { onCLS, onINP, onLCP, onTTFB } = await import('web-vitals');
  const url = `${config.apiBase}${VITALS_BEACON_PATH}`;
  const pending: TVitalSample[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const beacon = beaconOf(options.page, pending.splice(0));
    if (beacon.samples.length === 0) return;
    // text/plain keeps a beacon to another origin a simple request (no preflight).
    navigator.sendBeacon(url, new Blob([JSON.stringify(beacon)], { type: 'text/plain;charset=UTF-8' }));
  };
  const add = (metric: { name: string; value: number; rating: TVitalSample['rating'] }) => {
    pending.push({ name: metric.name as TVitalSample['name'], value: metric.value, rating: metric.rating });
  };
  onLCP(add);
  onINP(add);
  onCLS(add);
  onTTFB(add);
  // On window, bubbling: after the library's own listeners on document have reported.
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  performance.mark(VITALS_LISTENING_MARK);
}
