import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { STATUS_ERROR, STATUS_OK } from '@app/contract/envelope.ts';
import { PATHS } from '@app/contract/paths.ts';
import { showAccessFailedModal, showTimeoutModal, showWarmModal } from '../ui/feedback.ts';
import { acceptableOrigin, basesInTurn, maySendAgain } from './api-origins.ts';
import { refreshApiOrigins } from './request-core.ts';
import { request } from './request.ts';
import { requestLayerStubs } from './request-test-stubs.ts';

// The modals and toasts need a DOM; what matters here is whether they were asked for.
vi.mock('../ui/feedback.ts', () => ({
  toast: vi.fn(),
  toastError: vi.fn(),
  showWarmModal: vi.fn(),
  showTimeoutModal: vi.fn(),
  showAccessFailedModal: vi.fn(),
}));

const PAGE = 'http://app.test';
const SECOND = 'https://api2.example.tw';
const THIRD = 'https://api3.example.tw';

const cipherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
const cipher = createBrowserCipher(cipherKey);
const stubs = requestLayerStubs({ cipherKey, session: { token: '"t-1"' }, route: '/pages/loans/index' });
const { storage, fetchMock } = stubs;

/** The server's list, as the app kept it from changeDomainName. */
function listed(origins: string[]) {
  storage.set('apiOrigins', JSON.stringify(origins));
}

function envelope(status: number, body: unknown, message = '') {
  return new Response(cipher.encrypt(JSON.stringify({ status, message, body })), {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** A read's answer: the server's list of API origins. */
const LIST_BODY = { domains: [SECOND, THIRD] };

/** The origin each call went to ('' for the page's own), in order. */
function originsCalled(): string[] {
  return fetchMock.mock.calls.map(([url]) => {
    const text = String(url);
    return text.startsWith('/') ? '' : new URL(text).origin;
  });
}

/** Origins that refuse every connection, as fetch reports it (a TypeError, no answer). */
function deadOrigins(...dead: string[]) {
  fetchMock.mockImplementation(async (url) => {
    const text = String(url);
    const origin = text.startsWith('/') ? '' : new URL(text).origin;
    if (dead.includes(origin)) throw new TypeError('Failed to fetch');
    if (text.includes(PATHS.changeDomainName.path)) return envelope(STATUS_OK, LIST_BODY);
    return envelope(STATUS_ERROR, null, '已處理');
  });
}

beforeEach(() => {
  stubs.install();
  vi.mocked(showAccessFailedModal).mockClear();
  vi.mocked(showTimeoutModal).mockClear();
  vi.mocked(showWarmModal).mockClear();
});

afterEach(() => stubs.reset());

describe('which origins the app accepts from the list', () => {
  it('https origins and the page its own; never http elsewhere, paths, credentials or other schemes', () => {
    expect(acceptableOrigin('https://api2.example.tw', PAGE)).toBe('https://api2.example.tw');
    expect(acceptableOrigin('https://api2.example.tw/', PAGE)).toBe('https://api2.example.tw');
    expect(acceptableOrigin('http://app.test', PAGE)).toBe('http://app.test');
    expect(acceptableOrigin('http://api2.example.tw', PAGE)).toBeNull();
    expect(acceptableOrigin('https://api2.example.tw/v3', PAGE)).toBeNull();
    expect(acceptableOrigin('https://user:pw@api2.example.tw', PAGE)).toBeNull();
    expect(acceptableOrigin('https://api2.example.tw/?x=1', PAGE)).toBeNull();
    expect(acceptableOrigin('javascript:alert(1)', PAGE)).toBeNull();
    expect(acceptableOrigin(42, PAGE)).toBeNull();
  });

  it('http between loopback hosts only (a developer machine, a browser test)', () => {
    expect(acceptableOrigin('http://localhost:4100', 'http://127.0.0.1:4100')).toBe('http://localhost:4100');
    expect(acceptableOrigin('http://localhost:4100', 'https://app.example.tw')).toBeNull();
  });

  it('the order of a round: the current one, then each next one once, round the list', () => {
    listed([SECOND, THIRD]);
    expect(basesInTurn('', PAGE)).toEqual(['', SECOND, THIRD]);
    storage.set('apiOrigin', JSON.stringify(SECOND));
    expect(basesInTurn('', PAGE)).toEqual([SECOND, THIRD, '']);
    // A kept origin the server no longer lists is dropped: back to the configured one.
    listed([THIRD]);
    expect(basesInTurn('', PAGE)).toEqual(['', THIRD]);
  });

  it('sends again reads and calls the server runs once by requestId, nothing else', () => {
    expect(maySendAgain('POST', PATHS.queryCashUser.path, {})).toBe(true);
    expect(maySendAgain('GET', PATHS.viewContract.path, { orderId: '1' })).toBe(true);
    expect(maySendAgain('POST', PATHS.repayCollect.path, { requestId: 'r-12345678', orderId: '1' })).toBe(true);
    expect(maySendAgain('POST', PATHS.loanApply.path, { amount: 5000 })).toBe(false);
    expect(maySendAgain('POST', PATHS.otherMark.path, { event: '-1', eventContent: '/' })).toBe(false);
  });
});

describe('a call whose origin gives no answer', () => {
  it('a read goes on to the next origin without a word to the user, and the app keeps that origin', async () => {
    listed([SECOND, THIRD]);
    deadOrigins('');
    await expect(request(ENDPOINTS.changeDomainName, {})).resolves.toEqual(LIST_BODY);
    expect(originsCalled()).toEqual(['', SECOND]);
    expect(showAccessFailedModal).not.toHaveBeenCalled();
    expect(JSON.parse(storage.get('apiOrigin') ?? 'null')).toBe(SECOND);

    // The next call (and the next start: the kept origin is in storage) goes there first.
    fetchMock.mockClear();
    await request(ENDPOINTS.changeDomainName, {});
    expect(originsCalled()).toEqual([SECOND]);
  });

  it('a timeout counts as no answer too', async () => {
    listed([SECOND]);
    fetchMock.mockImplementation((url, init) => {
      if (String(url).startsWith('/')) {
        return new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return Promise.resolve(envelope(STATUS_OK, LIST_BODY));
    });
    await expect(request(ENDPOINTS.changeDomainName, {}, { timeoutMs: 20 })).resolves.toEqual(LIST_BODY);
    expect(originsCalled()).toEqual(['', SECOND]);
    expect(showTimeoutModal).not.toHaveBeenCalled();
  });

  it('a payment with its requestId goes on with the same body (the server runs it once), and stops at the first answer', async () => {
    listed([SECOND, THIRD]);
    deadOrigins('');
    const payment = { requestId: 'pay-1234567890', orderId: '7', kind: 'payoff' as const, channel: 'cvs' as const };
    await expect(request(ENDPOINTS.repayCollect, payment)).rejects.toMatchObject({ kind: 'business', message: '已處理' });
    expect(originsCalled()).toEqual(['', SECOND]);
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init?.body);
    expect(second).toBe(first);
  });

  it('a call that may not be sent twice goes to one origin only; the user is told, and the next calls find the origin that answers', async () => {
    listed([SECOND, THIRD]);
    deadOrigins('');
    await expect(request(ENDPOINTS.otherMark, { event: '-1', eventContent: '/pages/loans/index' })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(showAccessFailedModal).toHaveBeenCalledTimes(1);
    const marks = fetchMock.mock.calls.filter(([url]) => String(url).includes(PATHS.otherMark.path));
    expect(marks).toHaveLength(1);
    // The list's own call (a read) went round in the background and kept the one that answered.
    await vi.waitFor(() => expect(JSON.parse(storage.get('apiOrigin') ?? 'null')).toBe(SECOND));
    fetchMock.mockClear();
    await expect(request(ENDPOINTS.otherMark, { event: '-1', eventContent: '/' })).rejects.toMatchObject({ kind: 'business' });
    expect(originsCalled()).toEqual([SECOND]);
  });

  it('when no origin answers, each was tried once and the user sees the access-failed modal once', async () => {
    listed([SECOND, THIRD]);
    deadOrigins('', SECOND, THIRD);
    await expect(request(ENDPOINTS.changeDomainName, {})).rejects.toMatchObject({ kind: 'network' });
    expect(originsCalled()).toEqual(['', SECOND, THIRD]);
    expect(showAccessFailedModal).toHaveBeenCalledTimes(1);
    expect(storage.has('apiOrigin')).toBe(false);
  });

  it('an answer, even an HTTP error, is no reason to move', async () => {
    listed([SECOND]);
    fetchMock.mockImplementation(async () => new Response('bad gateway', { status: 502 }));
    await expect(request(ENDPOINTS.changeDomainName, {})).rejects.toMatchObject({ kind: 'http' });
    expect(originsCalled()).toEqual(['']);
    expect(showWarmModal).toHaveBeenCalledTimes(1);
  });

  it('offline, no origin is tried for another', async () => {
    listed([SECOND]);
    deadOrigins('', SECOND);
    vi.stubGlobal('navigator', { onLine: false });
    await expect(request(ENDPOINTS.changeDomainName, {})).rejects.toMatchObject({ kind: 'network' });
    expect(originsCalled()).toEqual(['']);
  });

  it('without a list the app stays where it is, as before', async () => {
    deadOrigins('');
    await expect(request(ENDPOINTS.changeDomainName, {})).rejects.toMatchObject({ kind: 'network' });
    expect(originsCalled()).toEqual(['']);
    expect(showAccessFailedModal).toHaveBeenCalledTimes(1);
  });
});

describe("the server's list", () => {
  it('is asked quietly and kept without what the app refuses (http elsewhere, paths)', async () => {
    fetchMock.mockImplementation(async () =>
      envelope(STATUS_OK, { domains: [SECOND, 'http://api9.example.tw', 'https://api4.example.tw/v3', THIRD] }),
    );
    await refreshApiOrigins();
    expect(JSON.parse(storage.get('apiOrigins') ?? 'null')).toEqual([SECOND, THIRD]);
  });

  it('a failure to ask shows nothing', async () => {
    deadOrigins('');
    await refreshApiOrigins();
    expect(showAccessFailedModal).not.toHaveBeenCalled();
    expect(showWarmModal).not.toHaveBeenCalled();
    expect(storage.has('apiOrigins')).toBe(false);
  });
});
