import { describe, expect, it } from 'vitest';
import { hashRoute, launchParams, otherChannelOf } from './launch.ts';

describe('launchParams', () => {
  it('reads the query string before the hash', () => {
    expect(launchParams('https://a.tw/?type=fb&ad=7#/pages/loans/index')).toEqual({ type: 'fb', ad: '7' });
  });

  it('reads the query inside the hash route, which wins on a clash', () => {
    expect(launchParams('https://a.tw/?type=x#/pages/login/index?type=line&c=')).toEqual({ type: 'line', c: '' });
  });

  it('is empty without parameters', () => {
    expect(launchParams('https://a.tw/#/')).toEqual({});
  });
});

describe('hashRoute', () => {
  it('gives the route without its query', () => {
    expect(hashRoute('https://a.tw/?a=1#/pages/login/index?x=1')).toBe('/pages/login/index');
  });

  it('treats a missing hash as the root', () => {
    expect(hashRoute('https://a.tw/')).toBe('/');
  });
});

describe('otherChannelOf', () => {
  it("takes an ad link's utm_source as the channel when there is no type", () => {
    expect(otherChannelOf(launchParams('https://a.tw/?utm_source=facebook&utm_medium=cpc#/'))).toBe('facebook');
    expect(otherChannelOf(launchParams('https://a.tw/#/pages/login/moduleB?utm_source=google'))).toBe('google');
  });

  it("leaves SPEC.md's type in charge, and ignores an empty source", () => {
    expect(otherChannelOf({ type: 'line', utm_source: 'facebook' })).toBeNull();
    expect(otherChannelOf({ utm_source: ' ' })).toBeNull();
    expect(otherChannelOf({})).toBeNull();
  });
});
