import { describe, expect, it } from 'vitest';
import { clampPosition } from './clamp-position.ts';

describe('clampPosition', () => {
  it('brings the initial (1000, 10000) into the viewport: bottom-right corner', () => {
    expect(clampPosition(1000, 10000, 342, 726)).toEqual({ x: 342, y: 726 });
  });

  it('keeps positions inside, and negative ones at the edge', () => {
    expect(clampPosition(100, 200, 342, 726)).toEqual({ x: 100, y: 200 });
    expect(clampPosition(-5, -1, 342, 726)).toEqual({ x: 0, y: 0 });
  });

  it('never yields a negative limit on a tiny screen', () => {
    expect(clampPosition(10, 10, -20, -20)).toEqual({ x: 0, y: 0 });
  });
});
