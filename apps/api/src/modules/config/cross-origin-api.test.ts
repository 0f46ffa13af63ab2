import { describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX } from '@app/contract/admin/admin-routes.ts';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { encodeRequest } from '@app/contract/wire.ts';
import { testServerPerFile } from '../../test/test-server.ts';
import { saveApiOrigins } from './api-origins.ts';

const LISTED = 'https://api2.example.tw';
const PUBLIC_BASE = 'https://app.example.tw';
const STRANGER = 'https://evil.example.com';

const { server } = testServerPerFile({ env: { PUBLIC_BASE_URL: `${PUBLIC_BASE}/`, TEST_HOOKS: 'true' } });

function preflight(origin: string, url = ENDPOINTS.commonConfig.path) {
  return server.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, token, sourcechannel' },
  });
}

/** The public config call as a page of `origin` sends it. */
function callFrom(origin: string) {
  const wire = encodeRequest(ENDPOINTS.commonConfig, {}, server.client.cipher, '', { version: '5.0.0' });
  return server.app.inject({ method: 'POST', url: wire.url, headers: { ...wire.headers, origin }, payload: wire.body });
}

function listOrigins(origins: string[]) {
  return saveApiOrigins({ db: server.app.db, origins, at: new Date() });
}

describe('the borrowers API answering pages of the listed origins', () => {
  it('answers nobody else: no list, no allowed origin (preflight refused, no allow-origin on the answer)', async () => {
    await listOrigins([]);
    const refused = await preflight(LISTED);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await callFrom(LISTED);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a listed origin call, the protocol headers allowed, the Date header readable, no credentials and never *', async () => {
    await listOrigins([LISTED, 'https://api3.example.tw']);
    const allowed = await preflight(LISTED);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(LISTED);
    expect(allowed.headers['access-control-allow-methods']).toBe('GET, POST');
    const headers = String(allowed.headers['access-control-allow-headers']).toLowerCase().split(', ');
    expect(headers).toEqual(expect.arrayContaining(['content-type', 'token', 'sourcechannel', 'version', 'userid', 'uuid']));
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(allowed.headers.vary).toContain('Origin');

    const answer = await callFrom(LISTED);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(LISTED);
    expect(answer.headers['access-control-expose-headers']).toBe('date');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();

    // Another site gets nothing, list or not.
    expect((await preflight(STRANGER)).statusCode).toBe(403);
    expect((await callFrom(STRANGER)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it("follows a change of the list at once (the instance's cache is dropped on save)", async () => {
    await listOrigins([LISTED]);
    expect((await preflight(LISTED)).statusCode).toBe(204);
    await listOrigins(['https://api3.example.tw']);
    expect((await preflight(LISTED)).statusCode).toBe(403);
  });

  it("allows the server's own public address without a list", async () => {
    await listOrigins([]);
    const allowed = await preflight(PUBLIC_BASE);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PUBLIC_BASE);
  });

  it('never opens the back office (its cookie session) to another origin', async () => {
    await listOrigins([LISTED]);
    const url = `${ADMIN_API_PREFIX}/session`;
    const refused = await preflight(LISTED, url);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const answer = await server.app.inject({ method: 'GET', url, headers: { origin: LISTED } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("names the listed origins in the page's connect-src, and only its own without a list", async () => {
    await listOrigins([LISTED, 'https://api3.example.tw']);
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self' ${LISTED} https://api3.example.tw;`);
    await listOrigins([]);
    const bare = await server.app.inject({ method: 'GET', url: '/' });
    expect(String(bare.headers['content-security-policy'])).toContain("connect-src 'self';");
  });

  it('browser tests may list loopback origins through the test hook, which the CORS check then allows', async () => {
    const origins = ['http://127.0.0.1:4100', 'http://localhost:4100'];
    const saved = await server.app.inject({ method: 'PUT', url: '/__test__/api-origins', payload: JSON.stringify({ origins }) });
    expect(saved.json()).toEqual({ origins });
    expect((await preflight('http://localhost:4100')).headers['access-control-allow-origin']).toBe('http://localhost:4100');
    const bad = await server.app.inject({ method: 'PUT', url: '/__test__/api-origins', payload: '{"origins":["not a url"]}' });
    expect(bad.statusCode).toBe(400);
  });
});
