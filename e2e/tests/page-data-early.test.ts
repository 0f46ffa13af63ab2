import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { ORDER_LIST_TABS } from '@app/contract/messages/order-pages.ts';
import type { TLoanInitResponse } from '@app/contract/schemas/loans.ts';
import { launch } from '../support/app.ts';
import { useE2ESuite } from '../support/suite.ts';
import { loginWithCode } from './accounts-helpers.ts';
import { onboardBorrower, randomMobile } from './borrower-helpers.ts';

/**
 * The logged-in pages ask for their first data while the app's code is still on the way
 * (decision 0194: the early start, beside the entry): the app's entry is held back here
 * (until the requests were seen, at most 20 s), and the data requests must have left before
 * it arrived. Before, they left once the entry had run and the route was entered (its
 * prefetch), or once the page had loaded and rendered. Each request is asked once, not again
 * by the route's prefetch or the page when it mounts.
 */
const suite = useE2ESuite();
const HOLD_MS = 20_000;

/** The app's entry, as the build names it. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Holds the app's entry and records when it was answered and when each API path was asked; then opens `address` as a new load. */
async function watch(page: Page, address: string, apiPaths: string[]) {
  const events: Array<{ what: string; at: number }> = [];
  // The previous watch's hold waits for its own paths: it is taken away first.
  await page.unroute(ENTRY);
  await page.route(ENTRY, async (route) => {
    // Held until every path was asked, or HOLD_MS: a page that asks only once its code ran
    // never asks while it is held, so its requests come after the entry whatever the load.
    const until = Date.now() + HOLD_MS;
    while (Date.now() < until && !apiPaths.every((path) => events.some((event) => event.what === path))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    events.push({ what: 'entry', at: Date.now() });
    await route.continue();
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (apiPaths.includes(pathname)) events.push({ what: pathname, at: Date.now() });
  });
  // A new document (not a change of the hash): the page and the app start from nothing.
  await page.goto('about:blank');
  await launch(page, address);
  return events;
}

/**
 * The entry was answered, and each path was asked once, before it. The entry is let go only
 * once the requests were seen: both may fall in the same millisecond; a page asking only after
 * the app's code would ask 20 s after it.
 */
function expectAskedOnceBeforeEntry(events: Array<{ what: string; at: number }>, apiPaths: string[]) {
  const entryAt = events.find((event) => event.what === 'entry')?.at ?? 0;
  expect(entryAt).toBeGreaterThan(0);
  for (const path of apiPaths) {
    const asked = events.filter((event) => event.what === path);
    expect(asked.length, `${path} asked once`).toBe(1);
    expect(asked[0]!.at, `${path} before the app's code`).toBeLessThanOrEqual(entryAt);
  }
}

describe("a session's page asks for its first data before the app's code has arrived", () => {
  it('the loans home asks loan/common/index and applyFor loan/check and loan/init while the entry is held, once each; the order detail and its pay page ask loanOrderDetail and the orders tab loanOrderRecord the same way', async () => {
    const t = await suite.browser.newPage({ blockServiceWorkers: true });
    const page = t.page;
    await launch(page, '/pages/login/index');
    await loginWithCode(page, suite.server.baseUrl, randomMobile());
    await page.waitForFunction(() => !window.location.hash.startsWith('#/pages/login'));
    // A borrower who may apply: the application form is what the page shows.
    const api = await onboardBorrower(page, suite.server.baseUrl);

    // The loans tab, where a returning borrower lands: the whole home in one request.
    const home = await watch(page, '/pages/loans/index', ['/api/v3/loan/common/index']);
    await page.getByTestId('home-apr-line').waitFor();
    expectAskedOnceBeforeEntry(home, ['/api/v3/loan/common/index']);

    const applyFor = await watch(page, '/pages/loans/applyFor', ['/api/v3/loan/check', '/api/v3.1/loan/init']);
    await page.getByTestId('apply-amount').waitFor();
    expectAskedOnceBeforeEntry(applyFor, ['/api/v3/loan/check', '/api/v3.1/loan/init']);

    // An order applied for (待簽約), its detail opened.
    const init = (await api.call(ENDPOINTS.loanInitV31, {})) as TLoanInitResponse;
    const product = init.products[0]!;
    const { orderId } = (await api.call(ENDPOINTS.loanApply, {
      productId: product.id,
      amount: product.amountMin,
      term: product.terms[0],
      bankCardId: init.bankCards[0]!.id,
      purpose: init.purposes[0]!.code,
      requestId: `early-${Date.now()}`,
    })) as { orderId: string };
    const detail = await watch(page, `/pages/order/detail?orderId=${orderId}`, ['/api/v3/order/loanOrderDetail']);
    await page.getByTestId('order-state').first().waitFor();
    expectAskedOnceBeforeEntry(detail, ['/api/v3/order/loanOrderDetail']);

    // Its pay page, where a due-date reminder's link lands: the same order, the same way.
    const pay = await watch(page, `/pages/order/pay?orderId=${orderId}`, ['/api/v3/order/loanOrderDetail']);
    await page.locator('.order-pay-page .page-body').waitFor();
    await page.waitForLoadState('networkidle');
    expectAskedOnceBeforeEntry(pay, ['/api/v3/order/loanOrderDetail']);

    // The orders tab, on its 審核中 tab: its first page of orders the same way.
    const orders = await watch(page, `/pages/order/index?state=${encodeURIComponent('審核中')}`, ['/api/v3/order/loanOrderRecord']);
    await page.getByRole('tab', { name: ORDER_LIST_TABS['審核中'], selected: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expectAskedOnceBeforeEntry(orders, ['/api/v3/order/loanOrderRecord']);
    t.assertNoConsoleErrors();
    await t.close();
  }, 240_000);
});
