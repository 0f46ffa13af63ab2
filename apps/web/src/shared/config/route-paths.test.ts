import { describe, expect, it } from 'vitest';
import { isLoginRoute, loginPathFor, routeWithQuery, ROUTES } from './route-paths.ts';

describe('login routes', () => {
  it('counts both login pages, with or without a query, and nothing else', () => {
    expect(isLoginRoute('/pages/login/index')).toBe(true);
    expect(isLoginRoute('/pages/login/moduleB?type=fb')).toBe(true);
    expect(isLoginRoute('/pages/me/index')).toBe(false);
    expect(isLoginRoute('/pages/login/indexx')).toBe(false);
  });

  it('sends the user back to where the session expired', () => {
    expect(loginPathFor('/pages/order/detail?id=7')).toBe('/pages/login/index?redirect=%2Fpages%2Forder%2Fdetail%3Fid%3D7');
  });

  it('adds no redirect from a login page', () => {
    expect(loginPathFor('/pages/login/moduleB')).toBe('/pages/login/index');
  });
});

describe('route table', () => {
  it('names each path once, every one an absolute path without a query', () => {
    const paths = Object.values(ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[A-Za-z/-]+$/);
  });

  it('adds a query to a route', () => {
    expect(routeWithQuery(ROUTES.agreement, { key: 'privacy_policy' })).toBe('/pages/agreement?key=privacy_policy');
    expect(routeWithQuery(ROUTES.agreement, {})).toBe('/pages/agreement');
  });
});
