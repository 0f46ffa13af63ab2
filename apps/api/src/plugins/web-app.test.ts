import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestServer, TEST_KEY, type TestServer } from '../test/test-server.ts';
import { injectRuntimeConfig } from './web-app.ts';

let database: TestDatabase;
let built: TestServer;
let notBuilt: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  database = await openTestDatabase();
  built = await startTestServer(database.handle, {
    env: { WEB_DIST: dist, PRODUCT_NAME: '小安貸</script><script>alert(1)', API_BASE: 'https://api.example.tw' },
  });
  notBuilt = await startTestServer(database.handle);
});

afterAll(async () => {
  await built?.close();
  await notBuilt?.close();
  await database?.dispose();
});

describe('serving the web app', () => {
  it('injects the runtime config into index.html, escaping <, with no-store', async () => {
    const response = await fetch(`${built.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<script>window.__APP_CONFIG__={');
    expect(html).not.toContain('</script><script>alert(1)');
    const json = html.slice(html.indexOf('={') + 1, html.indexOf('</script>'));
    expect(JSON.parse(json)).toEqual({
      productName: '小安貸</script><script>alert(1)',
      packageName: 'tw.xiaoan.loan',
      cipherKey: TEST_KEY,
      apiBase: 'https://api.example.tw',
    });
  });

  it('caches hashed assets for a long time, other files not', async () => {
    const asset = await fetch(`${built.baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${built.baseUrl}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${built.baseUrl}/assets/missing.js`)).status).toBe(404);
  });

  it('answers a short message when there is no build', async () => {
    const response = await fetch(`${notBuilt.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('npm run build -w apps/web');
  });

  it('puts the script before </head>', () => {
    const html = injectRuntimeConfig('<head></head>', { productName: 'a', packageName: 'b', cipherKey: 'c', apiBase: '' });
    expect(html).toBe('<head><script>window.__APP_CONFIG__={"productName":"a","packageName":"b","cipherKey":"c","apiBase":""}</script></head>');
  });

  it('puts the product name, escaped, into an empty title', () => {
    const html = injectRuntimeConfig('<head><title></title></head>', {
      productName: '小安貸<b>',
      packageName: 'b',
      cipherKey: 'c',
      apiBase: '',
    });
    expect(html).toContain('<title>小安貸&lt;b&gt;</title>');
  });
});
