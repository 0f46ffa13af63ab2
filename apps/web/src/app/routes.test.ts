import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/config/route-paths.ts';
import { PAGE_ROUTES, TAB_ROUTES } from './routes.ts';

describe("the router's list", () => {
  it('has a page for every named route, each once, and nothing else', () => {
    const routed = [...Object.values(TAB_ROUTES), ...PAGE_ROUTES].map((route) => route.path);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(Object.values(ROUTES).sort());
  });
});
