import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { STATUS_ERROR, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { CONTRACT_NOT_FOUND } from '@app/contract/messages/contracts.ts';
import { SESSION_EXPIRED } from '@app/contract/messages/request-errors.ts';
import { PATHS } from '@app/contract/paths.ts';
import { requestRaw, requestRawFile } from './request.ts';
import { requestLayerStubs } from './request-test-stubs.ts';

// The modals and toasts need a DOM; what matters here is what the calls answer.
vi.mock('../ui/feedback.ts', () => ({
  toast: vi.fn(),
  toastError: vi.fn(),
  showWarmModal: vi.fn(),
  showTimeoutModal: vi.fn(),
  showAccessFailedModal: vi.fn(),
}));

const cipherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));
const cipher = createBrowserCipher(cipherKey);
const stubs = requestLayerStubs({ cipherKey, session: { token: '"t-1"' }, route: '/pages/order/contract?orderId=7' });
const { storage, location, fetchMock } = stubs;

/** The server's answer with its content type. */
function answer(body: BodyInit, contentType: string) {
  fetchMock.mockImplementation(async () => new Response(body, { status: 200, headers: { 'content-type': contentType } }));
}

function refusal(status: number, message: string) {
  answer(cipher.encrypt(JSON.stringify({ status, message, body: null })), 'text/plain; charset=utf-8');
}

beforeEach(() => stubs.install());

afterEach(() => stubs.reset());

describe('the contract path (a page or a file on success, an envelope on refusal)', () => {
  it('answers the page as it came', async () => {
    answer('<html><body>借款契約</body></html>', 'text/html; charset=utf-8');
    await expect(requestRaw(PATHS.viewContract, { orderId: '7' })).resolves.toBe('<html><body>借款契約</body></html>');
  });

  it("turns a refusal into the server's message, for the page and for the PDF", async () => {
    refusal(STATUS_ERROR, CONTRACT_NOT_FOUND);
    await expect(requestRaw(PATHS.viewContract, { orderId: '7' })).rejects.toMatchObject({ kind: 'business', message: CONTRACT_NOT_FOUND });
    await expect(requestRawFile(PATHS.viewContract, { orderId: '7', format: 'pdf' })).rejects.toMatchObject({
      kind: 'business',
      message: CONTRACT_NOT_FOUND,
    });
  });

  it('ends the session and goes to login on 301, as every call does', async () => {
    refusal(STATUS_RELOGIN, SESSION_EXPIRED);
    await expect(requestRaw(PATHS.viewContract, { orderId: '7' })).rejects.toMatchObject({ kind: 'relogin' });
    expect(storage.has('token')).toBe(false);
    expect(location.hash).toContain('/pages/login/index');
  });

  it('answers the PDF as a file', async () => {
    answer(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'application/pdf');
    const file = await requestRawFile(PATHS.viewContract, { orderId: '7', format: 'pdf' });
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('%PDF-');
  });
});
