import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TBankListResponse } from '@app/contract/schemas/bank-accounts.ts';
import { decodeEnvelope, encodeRequest } from '@app/contract/wire.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { API_POLICY, apiOrigin, HSTS, pagePolicy } from './security-headers.ts';

let database: TestDatabase;
let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  direct = await startTestServer(database.handle);
  proxied = await startTestServer(database.handle, { env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await database?.dispose();
});

function bankListRequest(server: TestServer) {
  const request = encodeRequest(ENDPOINTS.bankList, {}, server.client.cipher);
  return { method: request.method, url: request.url, headers: request.headers, payload: request.body };
}

describe('security headers', () => {
  it('every API answer, errors and 404s included, carries the API policy and the common headers', async () => {
    for (const url of ['/healthz', '/no/such/path', ENDPOINTS.bankList.path]) {
      const response = await direct.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(API_POLICY);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['permissions-policy'], url).toContain('camera=(self), geolocation=(self)');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    expect(API_POLICY).toContain("frame-ancestors 'none'");
    expect(API_POLICY).toContain("default-src 'none'");
  });

  it('sends HSTS on answers that came over TLS (behind a TLS-terminating balancer), never over plain HTTP', async () => {
    const tls = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe(HSTS);
    const plain = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim TLS with a header.
    const spoofed = await direct.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('the page policy allows scripts only from the app, requests to the app and the API origin, and no framing', () => {
    const same = pagePolicy('');
    expect(same).toContain("script-src 'self';");
    expect(same).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(same).toContain("connect-src 'self';");
    expect(same).toContain("frame-ancestors 'none'");
    expect(pagePolicy('https://api.example.tw/v3/')).toContain("connect-src 'self' https://api.example.tw;");
    expect(apiOrigin('/prefix')).toBeNull();
    expect(apiOrigin('http://10.0.0.2:3000/api')).toBe('http://10.0.0.2:3000');
  });
});

describe('API answer compression', () => {
  it('compresses a large answer (the bank list) by Accept-Encoding: brotli, gzip, or none', async () => {
    const br = await direct.app.inject({
      ...bankListRequest(direct),
      headers: { ...bankListRequest(direct).headers, 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const brText = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(br.rawPayload.length).toBeLessThan(brText.length);
    const banks = decodeEnvelope(brText, direct.client.cipher).body as TBankListResponse;
    expect(banks.banks.length).toBeGreaterThan(10);

    const gzip = await direct.app.inject({
      ...bankListRequest(direct),
      headers: { ...bankListRequest(direct).headers, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decodeEnvelope(gunzipSync(gzip.rawPayload).toString('utf8'), direct.client.cipher).status).toBe(200);

    const none = await direct.app.inject(bankListRequest(direct));
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(decodeEnvelope(none.payload, direct.client.cipher).status).toBe(200);
  });

  it('leaves small answers as they are', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.payload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
