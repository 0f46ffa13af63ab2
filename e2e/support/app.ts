import type { Page } from 'playwright-core';
import { VITALS_LISTENING_MARK } from '@app/contract/schemas/web-vitals.ts';

/** Storage keys of SPEC.md section 3, as the app writes them. */
export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Opens the app at a route the way a user's link would (a full launch). */
export async function launch(page: Page, route = '/', query = ''): Promise<void> {
  await page.goto(`/${query}#${route}`);
  await page.locator('.nav-bar').first().waitFor();
  await waitForHydration(page, '.nav-bar');
}

/** Reloads the app and waits until React owns the page again, as launch does (a navigation before then is lost). */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await page.locator('.nav-bar').first().waitFor();
  await waitForHydration(page, '.nav-bar');
}

/**
 * The server's first view (decision 0166) is on screen before React has hydrated it; a
 * click before then is kept and replayed once the page is hydrated (decision 0171), so a
 * test that reads the click's result waits until React owns the element (a hydrated or
 * rendered node carries React's fiber key).
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}

/**
 * In-app navigation (no reload), exactly what the router's navigate does: a history
 * entry carrying the router's index, then a popstate for the hash router to follow.
 * (A bare `location.hash =` change would leave the entry without that index.)
 */
export async function goTo(page: Page, route: string): Promise<void> {
  await page.evaluate((r) => {
    // Already there: the router replaces the entry and the page stays as it is. A popstate
    // onto the same address would instead read as the phone's back on a page that guards
    // it (use-history-back-guard.ts) and open the quit popup.
    if (window.location.hash === `#${r}`) return;
    const state: unknown = window.history.state;
    const idx = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 }, '', `#${r}`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, route);
  await page.waitForFunction((r) => window.location.hash.split('?')[0] === `#${r}`, route);
}

/** A logged-in session as far as launch is concerned (it only checks that a token exists). */
export async function setToken(page: Page, token = 'e2e-token'): Promise<void> {
  await page.evaluate((t) => window.localStorage.setItem('token', JSON.stringify(t)), token);
}

export async function waitForAppIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** The nav bar's back arrow. */
export async function clickBack(page: Page): Promise<void> {
  await page.locator('.nav-bar .adm-nav-bar-back').first().click();
}

/**
 * The app's vitals reporter listens (it starts after the first view, on idle, from chunks of
 * its own): leaving the page from now on sends its beacon. Its chunks having arrived is not
 * enough: a loaded machine ran them after the test had already left.
 */
export async function waitForVitalsReporting(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, VITALS_LISTENING_MARK, { timeout: 30_000 });
}

/** A vitals sample as the server stored it (decision 0158). */
export interface VitalSampleRow {
  day: string;
  page: string;
  metric: string;
  value: number;
  rating: string;
}

/** The vitals samples the server has stored, read through its test hook. */
export async function vitalSamples(baseUrl: string): Promise<VitalSampleRow[]> {
  const response = await fetch(`${baseUrl}/__test__/web-vitals`);
  if (!response.ok) throw new Error(`web-vitals hook: HTTP ${response.status}`);
  return (await response.json()) as VitalSampleRow[];
}
