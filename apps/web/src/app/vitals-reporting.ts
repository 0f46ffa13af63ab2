import { afterLoad } from '../shared/utils/after-load.ts';

/** After the load event and this long, when the main thread is idle: never before the first view. */
const VITALS_START_DELAY_MS = 1000;

/**
 * Starts real users' vitals (features/vitals/report-web-vitals.ts, its own chunk) once the
 * first view is up. The page is the route the session landed on, read now: LCP and TTFB
 * belong to it, whatever route the session moves to before it is measured.
 */
export function startVitalsReporting(): void {
  const landingHash = window.location.hash;
  void afterLoad(VITALS_START_DELAY_MS)
    .then(
      () =>
        new Promise<void>((resolve) => {
          if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 });
          else resolve();
        }),
    )
    .then(() => import('../features/vitals/report-web-vitals.ts'))
    .then((m) => m.reportWebVitals({ page: m.pageOfHash(landingHash) }))
    // Measuring must never disturb the app: a chunk that fails to load is left alone.
    .catch(() => undefined);
}
