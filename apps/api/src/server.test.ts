import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

function start(env: Record<string, string>) {
  const { PATH, HOME } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: PATH ?? '', HOME: HOME ?? '', PORT: '0', DATA_DIR: '/nonexistent/never-used', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('server start-up refuses dev defaults in production', () => {
  it('without APP_CIPHER_KEY: exits 1 naming the variable', () => {
    const result = start({ NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('APP_CIPHER_KEY: required in production');
  });

  it('with TEST_HOOKS on: exits 1 naming the variable', () => {
    const result = start({ NODE_ENV: 'production', APP_CIPHER_KEY: Buffer.alloc(32, 1).toString('base64'), TEST_HOOKS: 'true' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('TEST_HOOKS: must not be enabled in production');
  });
});
