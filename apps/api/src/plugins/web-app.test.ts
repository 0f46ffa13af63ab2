import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startTestServer, TEST_KEY, type TestServer } from '../test/test-server.ts';
import { injectRuntimeConfig, runtimeConfigScript } from './web-app.ts';

let database: TestDatabase;
let built: TestServer;
let notBuilt: TestServer;

const BUNDLE = `console.log(${JSON.stringify('x'.repeat(4000))})`;
const BUILT_INDEX =
  '<!doctype html><html><head><title></title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body></body></html>';

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), BUILT_INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), BUNDLE);
  // What the build's precompression step writes beside each text file.
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(BUNDLE));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  database = await openTestDatabase();
  built = await startTestServer(database.handle, {
    env: {
      WEB_DIST: dist,
      PRODUCT_NAME: '小安貸</script><script>alert(1)',
      API_BASE: 'https://api.example.tw',
      VITALS_SAMPLE_RATE: '0.25',
    },
  });
  notBuilt = await startTestServer(database.handle);
});

afterAll(async () => {
  await built?.close();
  await notBuilt?.close();
  await database?.dispose();
});

describe('serving the web app', () => {
  it('serves index.html with no inline script: the runtime config is a deferred script before the module, no-cache', async () => {
    const response = await fetch(`${built.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<script defer src="/runtime-config.js"></script><script type="module"');
    expect(html).not.toMatch(/<script>/);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('<title>小安貸&lt;/script&gt;&lt;script&gt;alert(1)</title>');
  });

  it("sends a browser's own /favicon.ico request to the app's icon, built or not", async () => {
    for (const server of [built, notBuilt]) {
      const response = await fetch(`${server.baseUrl}/favicon.ico`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/icons/favicon-32.png');
    }
  });

  it('answers /runtime-config.js setting the config, with < escaped, no-cache', async () => {
    const response = await fetch(`${built.baseUrl}/runtime-config.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const script = await response.text();
    expect(script).not.toContain('</script>');
    const sandbox: { window: Record<string, unknown> } = { window: {} };
    vm.runInNewContext(script, sandbox);
    expect(sandbox.window.__APP_CONFIG__).toEqual({
      productName: '小安貸</script><script>alert(1)',
      packageName: 'tw.xiaoan.loan',
      cipherKey: TEST_KEY,
      apiBase: 'https://api.example.tw',
      // The share of sessions that report real users' vitals (decision 0158), from VITALS_SAMPLE_RATE.
      vitalsSampleRate: 0.25,
    });
  });

  it('caches hashed assets for a year (immutable), other files revalidated', async () => {
    const asset = await fetch(`${built.baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${built.baseUrl}/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${built.baseUrl}/assets/missing.js`)).status).toBe(404);
  });

  it('sends the precompressed file the browser accepts: brotli first, then gzip, else the plain one', async () => {
    const url = '/assets/index-abc123.js';
    const br = await built.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync(BUNDLE))).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 10);

    const gzip = await built.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(BUNDLE))).toBe(true);

    const plain = await built.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(BUNDLE);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives the page, its script and its assets the page policy (API origin allowed, no framing)', async () => {
    for (const url of ['/', '/runtime-config.js', '/assets/index-abc123.js']) {
      const response = await built.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toContain("script-src 'self'");
      expect(policy, url).not.toContain("'unsafe-inline' 'unsafe-eval'");
      expect(policy, url).toContain("connect-src 'self' https://api.example.tw");
      expect(policy, url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers a short message when there is no build', async () => {
    const response = await fetch(`${notBuilt.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('npm run build -w apps/web');
  });

  it('puts the config script before the first script, else before </head>', () => {
    const runtime = { productName: 'a', packageName: 'b', cipherKey: 'c', apiBase: '' };
    expect(injectRuntimeConfig('<head><script type="module" src="/m.js"></script></head>', runtime)).toBe(
      '<head><script defer src="/runtime-config.js"></script><script type="module" src="/m.js"></script></head>',
    );
    expect(injectRuntimeConfig('<head></head>', runtime)).toBe('<head><script defer src="/runtime-config.js"></script></head>');
    expect(runtimeConfigScript(runtime)).toBe(
      'window.__APP_CONFIG__={"productName":"a","packageName":"b","cipherKey":"c","apiBase":""};\n',
    );
  });

  it("puts the product name, escaped, into an empty title and the boot shell's bar", () => {
    const html = injectRuntimeConfig('<head><title></title></head><body><div id="root"><div class="boot-shell-bar"></div></div></body>', {
      productName: '小安貸<b>',
      packageName: 'b',
      cipherKey: 'c',
      apiBase: '',
    });
    expect(html).toContain('<title>小安貸&lt;b&gt;</title>');
    expect(html).toContain('<div class="boot-shell-bar">小安貸&lt;b&gt;</div>');
  });
});
