import { describe, expect, it } from 'vitest';
import { launch, vitalSamples, waitForVitalsReporting, type VitalSampleRow } from '../support/app.ts';
import { useE2ESuite } from '../support/suite.ts';

const suite = useE2ESuite();

const samples = () => vitalSamples(suite.server.baseUrl);

/** Polls the server until `done` holds (the beacon leaves as the page is hidden, and arrives a moment later). */
async function samplesWhen(done: (rows: VitalSampleRow[]) => boolean): Promise<VitalSampleRow[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await samples();
    if (done(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return samples();
}

describe("real users' vitals", () => {
  it('the loans page measures after its first view and, when hidden, sends LCP, CLS and TTFB by beacon under its route name', async () => {
    const t = await suite.browser.newPage();
    await launch(t.page, '/pages/loans/index');
    await waitForVitalsReporting(t.page);
    // Not part of the first view: the reporter and the library are asked for after the load event.
    const timing = await t.page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const vitals = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('web-vitals'));
      return { loadEnd: navigation.loadEventEnd, starts: vitals.map((entry) => entry.startTime) };
    });
    expect(timing.starts).toHaveLength(2);
    for (const start of timing.starts) expect(start).toBeGreaterThan(timing.loadEnd);
    await t.page.mouse.click(200, 300);
    expect(await samples()).toEqual([]);

    // Leaving the page hides it (visibilitychange → hidden), and the reporter sends its beacon
    // then. Headless Chromium keeps a background tab visible, so the page is left; that the
    // event came is noted in sessionStorage, read back on another page of the same origin.
    await t.page.evaluate(() => {
      document.addEventListener('visibilitychange', () => sessionStorage.setItem('e2e-visibility', document.visibilityState));
    });
    await t.page.goto('/manifest.webmanifest');
    expect(await t.page.evaluate(() => sessionStorage.getItem('e2e-visibility'))).toBe('hidden');
    const rows = await samplesWhen((all) => ['LCP', 'CLS', 'TTFB'].every((metric) => all.some((row) => row.metric === metric)));
    expect(new Set(rows.map((row) => row.page))).toEqual(new Set(['loans']));
    for (const metric of ['LCP', 'CLS', 'TTFB'])
      expect(
        rows.some((row) => row.metric === metric),
        metric,
      ).toBe(true);
    const lcp = rows.find((row) => row.metric === 'LCP');
    expect(lcp?.value).toBeGreaterThan(0);
    for (const row of rows) expect(['good', 'needs-improvement', 'poor']).toContain(row.rating);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    expect(rows.every((row) => row.day === today)).toBe(true);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('a deep link counts under its own route name (the login page → login)', async () => {
    const before = (await samples()).length;
    const t = await suite.browser.newPage();
    await launch(t.page, '/pages/login/index', '?channel=e2e');
    await waitForVitalsReporting(t.page);
    await t.page.goto('about:blank');
    const rows = await samplesWhen((all) => all.some((row) => row.page === 'login' && row.metric === 'LCP'));
    expect(rows.length).toBeGreaterThan(before);
    expect(rows.filter((row) => row.page === 'login').map((row) => row.metric)).toEqual(expect.arrayContaining(['LCP', 'TTFB']));
    t.assertNoConsoleErrors();
    await t.close();
  });
});
