import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { goTo, launch, storageItem, reloadApp } from '../support/app.ts';
import { screenshotState } from '../support/browser.ts';
import { useE2ESuite } from '../support/suite.ts';
import { GET_CODE, MOBILE_PLACEHOLDER } from '@app/contract/messages/accounts.ts';
import { ACCESS_FAILED } from '@app/contract/messages/request-errors.ts';
import { LAUNCH_EVENT } from '@app/contract/schemas/tracking.ts';
import { loginWithCode } from './accounts-helpers.ts';
import { randomMobile } from './borrower-helpers.ts';

/**
 * SPEC.md's changeDomainName client against one real server reachable at two origins:
 * the page's own (127.0.0.1) and localhost, a cross-origin API for the page (CORS, the
 * page's connect-src). The first "dies": the page's connections to its API are refused.
 */
const suite = useE2ESuite();

const API_PATH = /^\/(api|auth)\//;

function origins() {
  const first = suite.server.baseUrl;
  return { first, second: first.replace('127.0.0.1', 'localhost') };
}

/** Lists the API origins as an administrator would (the test hook allows loopback http, which the console refuses). */
async function listOrigins(list: string[]): Promise<void> {
  const response = await fetch(`${suite.server.baseUrl}/__test__/api-origins`, { method: 'PUT', body: JSON.stringify({ origins: list }) });
  expect(response.status).toBe(200);
}

/** The API calls the page sends, by origin. */
function apiCalls(requests: Request[]): string[] {
  return requests
    .map((request) => new URL(request.url()))
    .filter((url) => API_PATH.test(url.pathname))
    .map((url) => url.origin);
}

describe('the API origin the app works against', () => {
  it('moves to the next listed origin when its own refuses connections, without an error for the user, and keeps it after a reload', async () => {
    const { first, second } = origins();
    await listOrigins([first, second]);
    const t = await suite.browser.newPage({
      blockServiceWorkers: true,
      allowConsole: [/ERR_CONNECTION_REFUSED/, /Failed to load resource/],
    });
    const { page } = t;

    // A borrower logs in while the page's own origin works; the app asked for the list at start.
    await launch(page, '/pages/login/index');
    const mobile = randomMobile();
    await loginWithCode(page, first, mobile);
    await page.waitForFunction(() => !window.location.hash.startsWith('#/pages/login'));
    await expect.poll(async () => JSON.parse((await storageItem(page, 'apiOrigins')) ?? '[]')).toEqual([first, second]);
    expect(await storageItem(page, 'apiOrigin')).toBeNull();

    // The first origin dies: every connection to its API is refused.
    await page.route(
      (url) => url.origin === first && API_PATH.test(url.pathname),
      (route) => route.abort('connectionrefused'),
    );
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    // The me page's calls need the session (token header, encrypted payloads) on the other origin.
    await goTo(page, '/pages/me/index');
    await page.getByTestId('me-mobile').getByText(mobile.slice(-3)).waitFor();
    expect(await page.getByText(ACCESS_FAILED).count()).toBe(0);
    expect(JSON.parse((await storageItem(page, 'apiOrigin')) ?? 'null')).toBe(second);
    expect(apiCalls(requests)).toContain(second);
    await screenshotState(page, 'api-origin-switched');

    // After a reload the app goes to the kept origin first: not one call to the dead one.
    requests.length = 0;
    await page.reload();
    await page.getByTestId('me-mobile').getByText(mobile.slice(-3)).waitFor();
    await page.waitForLoadState('networkidle');
    const calls = apiCalls(requests);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((origin) => origin !== second)).toEqual([]);
    expect(await page.getByText(ACCESS_FAILED).count()).toBe(0);
    t.assertNoConsoleErrors();
    await t.close();
  });

  it('stays on its own origin while it answers, and is told when no origin answers', async () => {
    const { first, second } = origins();
    await listOrigins([first, second]);
    const t = await suite.browser.newPage({
      blockServiceWorkers: true,
      allowConsole: [/ERR_CONNECTION_REFUSED/, /Failed to load resource/],
    });
    const { page } = t;
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await launch(page, '/pages/loans/index');
    await page.getByTestId('home-max-amount').waitFor();
    await page.waitForLoadState('networkidle');
    expect(new Set(apiCalls(requests))).toEqual(new Set([first]));

    // Both die: the user gets SPEC.md's access-failed message.
    await expect.poll(async () => JSON.parse((await storageItem(page, 'apiOrigins')) ?? '[]')).toEqual([first, second]);
    await page.route(
      (url) => API_PATH.test(url.pathname),
      (route) => route.abort('connectionrefused'),
    );
    // The landing comes in the page itself (decision 0166): it is the visitor's first call to the
    // API — asking for a login code — that meets the dead origins.
    await reloadApp(page);
    await goTo(page, '/pages/login/index');
    await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill(randomMobile());
    await page.getByRole('button', { name: GET_CODE }).click();
    await page.getByText(ACCESS_FAILED).first().waitFor();
    expect(await storageItem(page, 'apiOrigin')).toBeNull();
    t.assertNoConsoleErrors();
    await t.close();
  });
});

describe('the launch mark', () => {
  it('is sent once per start of the app, with its channel, and not on in-app navigation', async () => {
    const channel = `launch_${Date.now().toString(36)}`;
    const launches = async () => (await suite.server.events(100)).filter((e) => e.event === LAUNCH_EVENT && e.channel === channel);
    const t = await suite.browser.newPage();
    const { page } = t;
    await launch(page, '/pages/loans/index', `?type=${channel}`);
    await expect.poll(async () => (await launches()).length).toBe(1);
    expect((await launches())[0]?.eventContent).toBe('/pages/loans/index');

    await goTo(page, '/pages/loans/productList');
    await goTo(page, '/pages/loans/index');
    await page.reload();
    await page.locator('.nav-bar').first().waitFor();
    await expect.poll(async () => (await launches()).length).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(await launches()).toHaveLength(2);
    t.assertNoConsoleErrors();
    await t.close();
  });
});
