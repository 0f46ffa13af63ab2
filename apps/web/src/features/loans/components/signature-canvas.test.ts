import { describe, expect, it } from 'vitest';
import type { PointGroup } from 'signature_pad';
import { fitStrokes } from './signature-canvas.tsx';

function stroke(points: Array<[number, number]>): PointGroup {
  return {
    dotSize: 0,
    minWidth: 1,
    maxWidth: 3,
    penColor: '#111827',
    velocityFilterWeight: 0.7,
    compositeOperation: 'source-over',
    points: points.map(([x, y], i) => ({ x, y, pressure: 0.5, time: i })),
  };
}

const xsOf = (data: PointGroup[]) => data.flatMap((g) => g.points.map((p) => p.x));
const ysOf = (data: PointGroup[]) => data.flatMap((g) => g.points.map((p) => p.y));

describe('a signature when the canvas changes size', () => {
  it('keeps its size and relative place when it still fits (portrait → a wider box)', () => {
    const data = [
      stroke([
        [100, 100],
        [200, 140],
      ]),
    ];
    const moved = fitStrokes(data, { width: 400, height: 400 }, { width: 800, height: 400 });
    expect(Math.max(...xsOf(moved)) - Math.min(...xsOf(moved))).toBeCloseTo(100);
    expect(Math.max(...ysOf(moved)) - Math.min(...ysOf(moved))).toBeCloseTo(40);
    expect(Math.min(...xsOf(moved))).toBeCloseTo(250);
  });

  it('shrinks by one factor, keeping its shape, to fit a shorter box (portrait → landscape)', () => {
    const data = [
      stroke([
        [40, 300],
        [320, 460],
      ]),
      stroke([
        [60, 320],
        [100, 600],
      ]),
    ];
    const moved = fitStrokes(data, { width: 358, height: 676 }, { width: 448, height: 256 });
    const xs = xsOf(moved);
    const ys = ysOf(moved);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...ys)).toBeLessThanOrEqual(248);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...xs)).toBeLessThanOrEqual(440);
    // Same aspect ratio as drawn: 280 wide, 300 high.
    expect((Math.max(...xs) - Math.min(...xs)) / (Math.max(...ys) - Math.min(...ys))).toBeCloseTo(280 / 300);
  });

  it('leaves an empty canvas empty', () => {
    expect(fitStrokes([], { width: 100, height: 100 }, { width: 50, height: 50 })).toEqual([]);
  });
});
