import type { Page } from 'playwright-core';

/** Storage keys of SPEC.md section 3, as the app writes them. */
export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Opens the app at a route the way a user's link would (a full launch). */
export async function launch(page: Page, route = '/', query = ''): Promise<void> {
  await page.goto(`/${query}#${route}`);
  await page.locator('.nav-bar').first().waitFor();
}

/**
 * In-app navigation (no reload), exactly what the router's navigate does: a history
 * entry carrying the router's index, then a popstate for the hash router to follow.
 * (A bare `location.hash =` change would leave the entry without that index.)
 */
export async function goTo(page: Page, route: string): Promise<void> {
  await page.evaluate((r) => {
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
