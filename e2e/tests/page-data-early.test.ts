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
    // never asks while it is held, so its requests come after the chunk whatever the load.
    const until = Date.now() + HOLD_MS;
    while (Date.now() < until && !apiPaths.every((path) => events.some((event) => event.what === path))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    events.push({ what: 'chunk', at: Date.now() });
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
    const homeEntryAt = home.find((event) => event.what === 'chunk')?.at ?? 0;
    const homeAsked = home.filter((event) => event.what === '/api/v3/loan/common/index');
    expect(homeEntryAt).toBeGreaterThan(0);
    expect(homeAsked.length).toBe(1);
    expect(homeAsked[0]!.at).toBeLessThanOrEqual(homeEntryAt);

    const applyFor = await watch(page, '/pages/loans/applyFor', ['/api/v3/loan/check', '/api/v3.1/loan/init']);
    await page.getByTestId('apply-amount').waitFor();
    const chunkAt = applyFor.find((event) => event.what === 'chunk')?.at ?? 0;
    expect(chunkAt).toBeGreaterThan(0);
    for (const path of ['/api/v3/loan/check', '/api/v3.1/loan/init']) {
      const asked = applyFor.filter((event) => event.what === path);
      expect(asked.length, `${path} asked once`).toBe(1);
      // The entry is let go only once the request was seen: both may fall in the same
      // millisecond; a page asking only after the app's code would ask 20 s after it.
      expect(asked[0]!.at, `${path} before the app's code`).toBeLessThanOrEqual(chunkAt);
    }

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
    const detailChunkAt = detail.find((event) => event.what === 'chunk')?.at ?? 0;
    const detailAsked = detail.filter((event) => event.what === '/api/v3/order/loanOrderDetail');
    expect(detailChunkAt).toBeGreaterThan(0);
    expect(detailAsked.length).toBe(1);
    expect(detailAsked[0]!.at).toBeLessThanOrEqual(detailChunkAt);

    // Its pay page, where a due-date reminder's link lands: the same order, the same way.
    const pay = await watch(page, `/pages/order/pay?orderId=${orderId}`, ['/api/v3/order/loanOrderDetail']);
    await page.locator('.order-pay-page .page-body').waitFor();
    await page.waitForLoadState('networkidle');
    const payEntryAt = pay.find((event) => event.what === 'chunk')?.at ?? 0;
    const payAsked = pay.filter((event) => event.what === '/api/v3/order/loanOrderDetail');
    expect(payEntryAt).toBeGreaterThan(0);
    expect(payAsked.length).toBe(1);
    expect(payAsked[0]!.at).toBeLessThanOrEqual(payEntryAt);

    // The orders tab, on its 審核中 tab: its first page of orders the same way.
    const orders = await watch(page, `/pages/order/index?state=${encodeURIComponent('審核中')}`, ['/api/v3/order/loanOrderRecord']);
    await page.getByRole('tab', { name: ORDER_LIST_TABS['審核中'], selected: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const ordersChunkAt = orders.find((event) => event.what === 'chunk')?.at ?? 0;
    const ordersAsked = orders.filter((event) => event.what === '/api/v3/order/loanOrderRecord');
    expect(ordersChunkAt).toBeGreaterThan(0);
    expect(ordersAsked.length).toBe(1);
    expect(ordersAsked[0]!.at).toBeLessThanOrEqual(ordersChunkAt);
    t.assertNoConsoleErrors();
    await t.close();
  }, 240_000);
});
