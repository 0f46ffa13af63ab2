import { describe, expect, it } from 'vitest';
import { isLoginRoute, loginPathFor } from './route-paths.ts';

describe('login routes', () => {
  it('counts both login pages, with or without a query, and nothing else', () => {
    expect(isLoginRoute('/pages/login/index')).toBe(true);
    expect(isLoginRoute('/pages/login/moduleB?type=fb')).toBe(true);
    expect(isLoginRoute('/pages/me/index')).toBe(false);
    expect(isLoginRoute('/pages/login/indexx')).toBe(false);
  });

  it('sends the user back to where the session expired', () => {
    expect(loginPathFor('/pages/order/detail?id=7')).toBe(
      '/pages/login/index?redirect=%2Fpages%2Forder%2Fdetail%3Fid%3D7',
    );
  });

  it('adds no redirect from a login page', () => {
    expect(loginPathFor('/pages/login/moduleB')).toBe('/pages/login/index');
  });
});
