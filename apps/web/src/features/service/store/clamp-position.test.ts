import { describe, expect, it } from 'vitest';
import { clampPosition, dockPosition } from './clamp-position.ts';

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

describe('dockPosition', () => {
  it("rests in the navigation bar's right end, wherever it was let go", () => {
    expect(dockPosition(342, 2)).toEqual({ x: 342, y: 2 });
  });

  it('never rests off screen on a tiny one', () => {
    expect(dockPosition(-20, -3)).toEqual({ x: 0, y: 0 });
  });
});
