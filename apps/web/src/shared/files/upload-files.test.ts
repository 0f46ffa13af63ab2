import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import { ACCOUNT_ENDPOINTS } from '@app/contract/endpoints/accounts.ts';
import { STATUS_ERROR, STATUS_OK, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import {
  DATA_INVALID,
  REQUEST_INTERCEPTOR_REJECTED,
  UPLOAD_FILES_NOT_ARRAY,
  UPLOAD_MISSING_URL,
  UPLOAD_TOO_LARGE,
} from '@app/contract/messages/request-errors.ts';
import { PATHS } from '@app/contract/paths.ts';
import { request } from '../api/request.ts';
import { requestLayerStubs } from '../api/request-test-stubs.ts';
import { RequestError } from '../api/request-error.ts';
import { showWarmModal } from '../ui/feedback.ts';
import { checkUpload, uploadFiles, UploadBlockedError, type UploadOptions } from './upload-files.ts';

// The modals and toasts need a DOM; what matters here is whether they were asked for.
vi.mock('../ui/feedback.ts', () => ({
  toast: vi.fn(),
  toastError: vi.fn(),
  showWarmModal: vi.fn(),
  showTimeoutModal: vi.fn(),
  showAccessFailedModal: vi.fn(),
}));

const small = new Blob(['x'.repeat(10)]);
const large = new Blob(['x'.repeat(2000)]);

describe('checkUpload (SPEC.md section 5)', () => {
  it('throws when files is not an array', async () => {
    const options = { url: '/u', files: small } as unknown as UploadOptions;
    await expect(checkUpload(options)).rejects.toThrow(UPLOAD_FILES_NOT_ARRAY);
  });

  it('throws without a target address', async () => {
    await expect(checkUpload({ url: '', files: [small] })).rejects.toThrow(UPLOAD_MISSING_URL);
  });

  it('throws when the request-start interceptor refuses', async () => {
    await expect(checkUpload({ url: '/u', files: [small], beforeStart: () => false })).rejects.toThrow(REQUEST_INTERCEPTOR_REJECTED);
  });

  it('blocks the whole upload with the too-large toast when any file exceeds the maximum', async () => {
    const onTooLarge = vi.fn();
    const result = checkUpload({ url: '/u', files: [small, large], maxSize: 1000, onTooLarge });
    await expect(result).rejects.toBeInstanceOf(UploadBlockedError);
    expect(onTooLarge).toHaveBeenCalledWith(UPLOAD_TOO_LARGE);
  });

  it('passes files within the maximum, and any size without one', async () => {
    const onTooLarge = vi.fn();
    await expect(checkUpload({ url: '/u', files: [small], maxSize: 1000, onTooLarge })).resolves.toBeUndefined();
    await expect(checkUpload({ url: '/u', files: [large], onTooLarge })).resolves.toBeUndefined();
    expect(onTooLarge).not.toHaveBeenCalled();
  });
});

describe('uploadFiles answers go through the request layer', () => {
  const cipherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
  const cipher = createBrowserCipher(cipherKey);
  const SESSION = { token: '"t-1"', loginInfo: '{"userId":"1","uuId":"u"}', applyInfo: '{}' };
  const stubs = requestLayerStubs({ cipherKey, session: SESSION, route: '/pages/me/question' });
  const { storage, location, fetchMock } = stubs;

  /** The server's answer: an envelope, encrypted as on the wire. */
  function answer(envelope: { status: number; message: string; body: unknown }) {
    fetchMock.mockImplementation(async () => new Response(cipher.encrypt(JSON.stringify(envelope)), { status: 200 }));
  }

  beforeEach(() => stubs.install());

  afterEach(() => {
    stubs.reset();
    vi.mocked(showWarmModal).mockClear();
  });

  const upload = () => uploadFiles({ url: PATHS.uploadImage.path, files: [new File(['png'], 'a.png')] });

  it('sends the file as multipart field "file" with the API headers and no content-type', async () => {
    answer({ status: STATUS_OK, message: '', body: { key: 'k1', imageURL: '/api/v3/upload/file?key=k1' } });
    await expect(upload()).resolves.toEqual([{ key: 'k1', imageURL: '/api/v3/upload/file?key=k1' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(PATHS.uploadImage.path);
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    const headers = init?.headers as Record<string, string>;
    expect(headers.token).toBe('t-1');
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('content-type');
  });

  it('a 301 clears the session and goes to login, exactly as for any other call', async () => {
    const relogin = { status: STATUS_RELOGIN, message: '', body: null };
    answer(relogin);
    await expect(upload()).rejects.toMatchObject({ kind: 'relogin', handled: true });
    const afterUpload = { storage: new Map(storage), hash: location.hash };
    expect(Object.keys(SESSION).filter((key) => afterUpload.storage.has(key))).toEqual([]);
    expect(afterUpload.hash).toBe('#/pages/login/index?redirect=%2Fpages%2Fme%2Fquestion');

    for (const [key, value] of Object.entries(SESSION)) storage.set(key, value);
    location.hash = '#/pages/me/question';
    answer(relogin);
    await expect(request(ACCOUNT_ENDPOINTS.queryCashUser, {})).rejects.toMatchObject({ kind: 'relogin', handled: true });
    expect({ storage: new Map(storage), hash: location.hash }).toEqual(afterUpload);
  });

  it('refuses an answer body that is not an uploaded file, with 數據驗證不通過', async () => {
    answer({ status: STATUS_OK, message: '', body: { key: 'k1' } });
    const failure = upload();
    await expect(failure).rejects.toBeInstanceOf(RequestError);
    await expect(failure).rejects.toMatchObject({ kind: 'undecodable', message: DATA_INVALID, handled: true });
    expect(showWarmModal).toHaveBeenCalledWith(DATA_INVALID);
  });

  it('refuses an answer that does not decrypt, with 數據驗證不通過', async () => {
    fetchMock.mockImplementation(async () => new Response('not a cipher text', { status: 200 }));
    await expect(upload()).rejects.toMatchObject({ kind: 'undecodable', message: DATA_INVALID });
  });

  it("passes a 500's message to the caller as a business error", async () => {
    answer({ status: STATUS_ERROR, message: '圖片格式不支援', body: null });
    await expect(upload()).rejects.toMatchObject({ kind: 'business', message: '圖片格式不支援', handled: false });
    expect(storage.get('token')).toBe(SESSION.token);
  });

  it('reports the upload progress (XMLHttpRequest upload.onprogress) and answers the same way', async () => {
    const sentBodies: unknown[] = [];
    const encrypted = cipher.encrypt(
      JSON.stringify({ status: STATUS_OK, message: '', body: { key: 'k2', imageURL: '/api/v3/upload/file?key=k2' } }),
    );
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      readonly headers: Record<string, string> = {};
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      getResponseHeader() {
        return 'text/plain';
      }
      abort() {}
      send(body: unknown) {
        sentBodies.push(body);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = 200;
        this.responseText = encrypted;
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const result = await uploadFiles({
      url: PATHS.uploadImage.path,
      files: [new File(['png'], 'a.png')],
      onProgress: (percent) => seen.push(percent),
    });
    expect(result).toEqual([{ key: 'k2', imageURL: '/api/v3/upload/file?key=k2' }]);
    expect(seen).toEqual([40, 100]);
    expect(sentBodies[0]).toBeInstanceOf(FormData);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
