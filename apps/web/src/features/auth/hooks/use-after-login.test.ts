import { describe, expect, it } from 'vitest';
import { safeRedirect } from './use-after-login.ts';

describe('safeRedirect', () => {
  it('keeps in-app routes, with their query', () => {
    expect(safeRedirect('/pages/me/index')).toBe('/pages/me/index');
    expect(safeRedirect('/pages/agreement?key=privacy_policy')).toBe('/pages/agreement?key=privacy_policy');
  });

  it('refuses anything that could leave the app or loop back to login', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'pages/me/index',
      '/pages/login/index',
      '/pages/login/moduleB?type=x',
    ]) {
      expect(safeRedirect(value), String(value)).toBeUndefined();
    }
  });
});
