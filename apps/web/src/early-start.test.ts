import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { LOAN_ENDPOINTS } from '@app/contract/endpoints/loans.ts';
import { ORDER_ENDPOINTS } from '@app/contract/endpoints/orders.ts';
import { STATUS_ERROR, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { PATHS } from '@app/contract/paths.ts';
import { requestLayerStubs } from './shared/api/request-test-stubs.ts';

// The modals and toasts need a DOM; what matters here is which requests leave and what the calls answer.
vi.mock('./shared/ui/feedback.ts', () => ({
  toast: vi.fn(),
  toastError: vi.fn(),
  showWarmModal: vi.fn(),
  showTimeoutModal: vi.fn(),
  showAccessFailedModal: vi.fn(),
}));

const cipherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const cipher = createBrowserCipher(cipherKey);
const stubs = requestLayerStubs({ cipherKey, session: { token: '"t-1"' }, route: '/pages/loans/applyFor' });
const { storage, location, fetchMock } = stubs;

/** Each request's path and decrypted payload, in the order they left. */
function sent(): Array<{ path: string; payload: unknown; token: string | undefined }> {
  return fetchMock.mock.calls.map(([url, init]) => ({
    path: String(url),
    payload: JSON.parse(cipher.decrypt(String(init?.body))) as unknown,
    token: (init?.headers as Record<string, string> | undefined)?.token,
  }));
}

/** The server answers every request with a business error naming its path: which answer a call got shows. */
function answerWithPath(status = STATUS_ERROR) {
  fetchMock.mockImplementation(async (url) => {
    const envelope = { status, message: `answer to ${String(url)}`, body: null };
    return new Response(cipher.encrypt(JSON.stringify(envelope)), { status: 200, headers: { 'content-type': 'text/plain' } });
  });
}

function open(route: string) {
  location.hash = `#${route}`;
  location.href = `http://app.test/#${route}`;
}

/** A fresh page (after `stubs.install()`: a new window): the early start runs (its module's first import), then the app's request layer is loaded. */
async function earlyStart() {
  await import('./early-start.ts');
  return import('./shared/api/request.ts');
}

beforeEach(() => {
  vi.resetModules();
  stubs.install();
  answerWithPath();
});

afterEach(() => {
  vi.useRealTimers();
  stubs.reset();
});

describe("the early start: a session's page asks for its first data before the app's code", () => {
  it("sends applyFor's two requests at once, and the page's own calls take their answers without sending again", async () => {
    const { request } = await earlyStart();
    expect(sent()).toEqual([
      { path: PATHS.loanCheck.path, payload: {}, token: 't-1' },
      { path: PATHS.loanInitV31.path, payload: {}, token: 't-1' },
    ]);
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({
      kind: 'business',
      message: `answer to ${PATHS.loanInitV31.path}`,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: the next call of the same asks the server again.
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({ kind: 'business' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks for the loans home where a returning borrower lands, as the loans page does', async () => {
    for (const route of ['/', '/pages/index/index', '/pages/loans/index']) {
      vi.resetModules();
      stubs.install();
      fetchMock.mockClear();
      open(route);
      await earlyStart();
      const { loanIndex } = await import('./features/loans/api/loan-index.ts');
      expect(sent()).toEqual([{ path: PATHS.loanCommonIndex.path, payload: {}, token: 't-1' }]);
      await expect(loanIndex()).rejects.toMatchObject({ message: `answer to ${PATHS.loanCommonIndex.path}` });
      expect(fetchMock, route).toHaveBeenCalledTimes(1);
    }
  });

  it("asks for the order (its detail and its pay page) and the orders tab's first page as those pages do", async () => {
    open('/pages/order/detail?orderId=42');
    let layer = await earlyStart();
    expect(sent().map((request) => request.payload)).toEqual([{ orderId: '42' }]);
    await expect(layer.request(ORDER_ENDPOINTS.loanOrderDetail, { orderId: '42' })).rejects.toMatchObject({ kind: 'business' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // The pay page (a reminder's link) reads the same order first.
    vi.resetModules();
    stubs.install();
    fetchMock.mockClear();
    open('/pages/order/pay?orderId=42');
    await earlyStart();
    const { orderDetail } = await import('./shared/orders/order-detail.ts');
    expect(sent()).toEqual([{ path: PATHS.loanOrderDetail.path, payload: { orderId: '42' }, token: 't-1' }]);
    await expect(orderDetail('42')).rejects.toMatchObject({ message: `answer to ${PATHS.loanOrderDetail.path}` });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    vi.resetModules();
    stubs.install();
    fetchMock.mockClear();
    open('/pages/order/index?state=已逾期');
    layer = await earlyStart();
    const { orderRecord } = await import('./features/orders/api/order-record.ts');
    expect(sent()).toEqual([{ path: PATHS.loanOrderRecord.path, payload: { state: '已逾期', page: 1, pageSize: 10 }, token: 't-1' }]);
    await expect(orderRecord('已逾期', 1)).rejects.toMatchObject({ message: `answer to ${PATHS.loanOrderRecord.path}` });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Another page of the list, or another order, is not what was asked early.
    await expect(orderRecord('已逾期', 2)).rejects.toMatchObject({ kind: 'business' });
    await expect(layer.request(ORDER_ENDPOINTS.loanOrderDetail, { orderId: '43' })).rejects.toMatchObject({ kind: 'business' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks nothing without a session, on a page it has no requests for, or with a bad config', async () => {
    storage.delete('token');
    await earlyStart();
    vi.resetModules();
    stubs.install();
    open('/pages/me/index');
    await earlyStart();
    vi.resetModules();
    stubs.install();
    (window as unknown as { __APP_CONFIG__: unknown }).__APP_CONFIG__ = { cipherKey: 'not a key', packageName: 'p', apiBase: '' };
    await earlyStart();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives an answer only to the session that asked, and only while it is fresh', async () => {
    let { request } = await earlyStart();
    // Logged in again as someone else meanwhile: their call goes to the server with their token.
    storage.set('token', '"t-2"');
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({ kind: 'business' });
    expect(sent().map((request) => request.token)).toEqual(['t-1', 't-1', 't-2']);

    vi.resetModules();
    fetchMock.mockClear();
    stubs.install();
    vi.useFakeTimers({ toFake: ['Date'] });
    ({ request } = await earlyStart());
    vi.setSystemTime(Date.now() + 10_001);
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({ kind: 'business' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("sets the app's clock from an early answer's Date header, as from any answer", async () => {
    const hourAhead = new Date(Date.now() + 3_600_000).toUTCString();
    fetchMock.mockImplementation(async () => {
      const envelope = { status: STATUS_ERROR, message: 'x', body: null };
      return new Response(cipher.encrypt(JSON.stringify(envelope)), {
        status: 200,
        headers: { 'content-type': 'text/plain', date: hourAhead },
      });
    });
    const { request } = await earlyStart();
    const { serverNow } = await import('./shared/api/server-clock.ts');
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(2_000);
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({ kind: 'business' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(serverNow() - Date.now()).toBeGreaterThan(3_590_000);
  });

  it('lets the page send its own request when the early one got no answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network')).mockRejectedValueOnce(new TypeError('network'));
    const { request } = await earlyStart();
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({
      kind: 'business',
      message: `answer to ${PATHS.loanInitV31.path}`,
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('handles an early answer as any other: a 301 ends the session and opens login', async () => {
    answerWithPath(STATUS_RELOGIN);
    const { request } = await earlyStart();
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({ kind: 'relogin' });
    expect(storage.has('token')).toBe(false);
    expect(location.hash).toContain('/pages/login/index');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends nothing once the app has asked for itself (an early start that came late)', async () => {
    const { request } = await import('./shared/api/request.ts');
    await expect(request(LOAN_ENDPOINTS.loanInitV31, {})).rejects.toMatchObject({ kind: 'business' });
    await import('./early-start.ts');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
