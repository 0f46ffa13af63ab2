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
  it('docks the initial (1000, 10000) to the right edge, at the bottom', () => {
    expect(dockPosition(1000, 10000, 390, 726)).toEqual({ x: 390, y: 726, side: 'right' });
  });

  it('docks to the nearer side edge and keeps the height', () => {
    expect(dockPosition(120, 300, 390, 726)).toEqual({ x: 0, y: 300, side: 'left' });
    expect(dockPosition(200, 300, 390, 726)).toEqual({ x: 390, y: 300, side: 'right' });
    expect(dockPosition(-40, -5, 390, 726)).toEqual({ x: 0, y: 0, side: 'left' });
  });
});
