import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_NOT_FOUND } from '@app/contract/admin/admin-messages.ts';
import { accountsServerPerFile } from '../test/accounts-test-kit.ts';

/** The console's build under /admin: its page with the page policy, its hashed files cached for good. */
const dist = mkdtempSync(path.join(tmpdir(), 'admin-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><title>後台</title><script type="module" src="/admin/assets/main-abc123.js"></script>',
);
writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');

const { server } = accountsServerPerFile({ env: { ADMIN_WEB_DIST: dist } });

describe('the back office console', () => {
  it('is served under /admin with the page policy, its assets immutable', async () => {
    const redirect = await fetch(`${server.baseUrl}/admin`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/admin/');
    const page = await fetch(`${server.baseUrl}/admin/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('後台');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${server.baseUrl}/admin/assets/main-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.baseUrl}/admin/assets/missing.js`)).status).toBe(404);
    // The admin API's unknown paths answer JSON in words, not the page.
    const unknown = await fetch(`${server.baseUrl}/admin/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: ADMIN_NOT_FOUND });
  });
});
