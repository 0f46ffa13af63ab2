import type { Page } from 'playwright-core';
import { createBrowserCipher } from '@app/contract/cipher-browser.ts';
import type { Endpoint } from '@app/contract/endpoints.ts';
import { PATHS } from '@app/contract/paths.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';

export interface PageApi {
  /** Calls an endpoint as the page's logged-in user; throws on anything but status 200. */
  call<E extends Endpoint>(endpoint: E, payload: unknown): Promise<unknown>;
  /** Uploads image bytes with upload/image; answers the key. */
  upload(bytes: Buffer, mimeType?: string): Promise<string>;
  /** Posts JSON to one of the server's test hooks (`/__test__/…`) as the page's user (its `token` header); answers the JSON. */
  testHook(hookPath: string, body: unknown): Promise<unknown>;
}

/**
 * The API through the wire protocol with the session and key of a logged-in page: for
 * setting up what a test does not exercise through the screens (earlier onboarding steps).
 */
export async function pageApi(page: Page, baseUrl: string): Promise<PageApi> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string | null);
  if (!token) throw new Error('the page is not logged in');
  const { cipherKey } = await page.evaluate(() => (window as unknown as { __APP_CONFIG__: { cipherKey: string } }).__APP_CONFIG__);
  const cipher = createBrowserCipher(cipherKey);
  return {
    async call(endpoint, payload) {
      const request = encodeRequest(endpoint, payload, cipher, baseUrl, { token });
      const envelope = decodeEnvelope(
        await (await fetch(request.url, { method: request.method, headers: request.headers, body: request.body })).text(),
        cipher,
      );
      if (envelope.status !== 200) throw new Error(`${endpoint.path}: ${envelope.status} ${envelope.message}`);
      return envelope.body;
    },
    async upload(bytes, mimeType = 'image/jpeg') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: mimeType }), mimeType === 'image/png' ? 'photo.png' : 'photo.jpg');
      const envelope = decodeEnvelope(
        await (await fetch(`${baseUrl}${PATHS.uploadImage.path}`, { method: 'POST', body: form, headers: { token } })).text(),
        cipher,
      );
      if (envelope.status !== 200) throw new Error(`upload: ${envelope.status} ${envelope.message}`);
      return (envelope.body as { key: string }).key;
    },
    async testHook(hookPath, body) {
      const response = await fetch(`${baseUrl}${hookPath}`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${hookPath}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    },
  };
}
