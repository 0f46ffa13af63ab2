import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  challengeDone,
  DEFAULT_LIVENESS_RULES,
  eyeAspectRatio,
  fitHomography,
  judgeCapture,
  pickChallenge,
  planarResidual,
  turnSeries,
  type FrameMeasure,
  type Point,
} from './liveness-geometry.ts';

/** A synthetic head: points on an ellipsoid-like surface (a face is not flat: depth up to 0.6 of its width). */
function head(n = 60): Array<[number, number, number]> {
  const points: Array<[number, number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 * 3.1;
    const r = 0.3 + (0.7 * ((i * 37) % n)) / n;
    const x = r * Math.cos(a) * 0.5;
    const y = r * Math.sin(a) * 0.65;
    const z = 0.6 * Math.sqrt(Math.max(0, 1 - (x / 0.5) ** 2 - (y / 0.65) ** 2));
    points.push([x, y, z]);
  }
  return points;
}

/** Projects 3D points turned by `yaw` degrees about the vertical axis, scale 200 px, camera 6 widths away. */
function project(points: Array<[number, number, number]>, yaw: number, flat = false): Point[] {
  const t = (yaw * Math.PI) / 180;
  return points.map(([x, y, z]) => {
    const zz = flat ? 0 : z;
    const X = x * Math.cos(t) + zz * Math.sin(t);
    const Z = -x * Math.sin(t) + zz * Math.cos(t) + 6;
    return [320 + (200 * 6 * X) / Z, 240 + (200 * 6 * y) / Z] as Point;
  });
}

/** A mesh of 468 points whose eyes have the given aspect ratio (only the eye landmarks matter). */
function meshWithEyes(ratio: number): Point[] {
  const mesh: Point[] = Array.from({ length: 468 }, (_, i) => [i % 20, Math.floor(i / 20)] as Point);
  const eye = (corners: [number, number], ids: readonly number[], cx: number) => {
    const [outer, inner] = corners;
    mesh[outer] = [cx - 20, 100];
    mesh[inner] = [cx + 20, 100];
    const gap = ratio * 40;
    mesh[ids[0]!] = [cx - 7, 100 - gap / 2];
    mesh[ids[1]!] = [cx - 7, 100 + gap / 2];
    mesh[ids[2]!] = [cx + 7, 100 - gap / 2];
    mesh[ids[3]!] = [cx + 7, 100 + gap / 2];
  };
  eye([33, 133], [160, 144, 158, 153], 100);
  eye([263, 362], [387, 373, 385, 380], 200);
  return mesh;
}

function frame(partial: Partial<FrameMeasure> & { t: number }): FrameMeasure {
  return { faceCount: 1, yaw: 0, ear: 0.3, faceWidth: 200, mesh: [], real: 0.6, live: 0.9, similarityToFirst: 0.9, ...partial };
}

/** A head turning to `maxYaw` over 8 frames, 400 ms apart; yaw reported with the engine's sign (left = down). */
function turningCapture(maxYaw: number, flat = false): FrameMeasure[] {
  const points = head();
  return Array.from({ length: 8 }, (_, i) => {
    const yaw = (maxYaw * i) / 7;
    return frame({ t: i * 400, yaw, mesh: project(points, yaw, flat) });
  });
}

describe('planarity of landmark sets', () => {
  it('fits a homography exactly to a plane seen in perspective, and not to a turning head', () => {
    const points = head();
    const flatTurn = planarResidual(project(points, 0, true), project(points, 25, true));
    const realTurn = planarResidual(project(points, 0), project(points, 25));
    expect(flatTurn).toBeLessThan(1e-6);
    expect(realTurn).toBeGreaterThan(DEFAULT_LIVENESS_RULES.minPlanarResidual);
  });

  it('property: any homography of any point set leaves a residual of ~0', () => {
    const point = fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }));
    const corners: Point[] = [
      [0, 0],
      [400, 0],
      [400, 400],
      [0, 400],
    ];
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 4, maxLength: 40 }),
        fc.double({ min: 0.7, max: 1.4, noNaN: true }),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        fc.double({ min: -0.0005, max: 0.0005, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        (pts, scale, shear, perspective, shift) => {
          const h = [scale, shear, shift, -shear / 2, scale, shift / 2, perspective, -perspective / 2, 1];
          const from = [...corners, ...(pts as Point[])];
          const to = from.map((p) => applyHomography(h, p));
          expect(fitHomography(from, to)).not.toBeNull();
          expect(planarResidual(from, to)).toBeLessThan(1e-4);
        },
      ),
      { numRuns: 200, endOnFailure: true },
    );
  });

  it('property: the residual does not depend on where the landmarks are in the picture (moving or scaling both sets)', () => {
    const points = head();
    const a = project(points, 0);
    const b = project(points, 20);
    const base = planarResidual(a, b);
    fc.assert(
      fc.property(fc.double({ min: -300, max: 300, noNaN: true }), fc.double({ min: 0.5, max: 3, noNaN: true }), (dx, k) => {
        const move = (pts: Point[]) => pts.map(([x, y]) => [x * k + dx, y * k - dx] as Point);
        return Math.abs(planarResidual(move(a), move(b)) - base) < 1e-6;
      }),
    );
  });

  it('answers Infinity for fewer than 4 points', () => {
    expect(
      planarResidual(
        [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
        [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
      ),
    ).toBe(Infinity);
  });
});

describe('eye aspect ratio', () => {
  it('measures the eyelid gap over the eye width, both eyes', () => {
    expect(eyeAspectRatio(meshWithEyes(0.3))).toBeCloseTo(0.3, 6);
    expect(eyeAspectRatio(meshWithEyes(0.05))).toBeCloseTo(0.05, 6);
    expect(eyeAspectRatio([])).toBeNull();
  });

  it('a blink is open, closed, open again — in that order', () => {
    const ears = [0.3, 0.3, 0.28, 0.1, 0.08, 0.25, 0.3, 0.3];
    const blink = ears.map((ear, i) => frame({ t: i * 400, ear }));
    expect(challengeDone(blink, 'blink', DEFAULT_LIVENESS_RULES)).toBe(true);
    const closedAtEnd = [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.1, 0.1].map((ear, i) => frame({ t: i * 400, ear }));
    expect(challengeDone(closedAtEnd, 'blink', DEFAULT_LIVENESS_RULES)).toBe(false);
    const never = ears.map((_, i) => frame({ t: i * 400, ear: 0.3 }));
    expect(challengeDone(never, 'blink', DEFAULT_LIVENESS_RULES)).toBe(false);
  });
});

describe('the yaw series of a turn', () => {
  it('a turn to the left is the yaw going down from the first frame', () => {
    const frames = [0, -5, -12, -20].map((yaw, i) => frame({ t: i * 400, yaw }));
    expect(turnSeries(frames, 'turn_left').map((d) => d + 0)).toEqual([0, 5, 12, 20]);
    expect(challengeDone(frames, 'turn_left', DEFAULT_LIVENESS_RULES)).toBe(true);
    expect(challengeDone(frames, 'turn_right', DEFAULT_LIVENESS_RULES)).toBe(false);
  });

  it('property: a sequence reversed (turned first, straight last) never does the turn it did forwards', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 40 }),
        fc.constantFrom<'turn_left' | 'turn_right'>('turn_left', 'turn_right'),
        (degrees, challenge) => {
          const sign = challenge === 'turn_left' ? -1 : 1;
          const forwards = Array.from({ length: 8 }, (_, i) => frame({ t: i * 400, yaw: (sign * degrees * i) / 7 }));
          const backwards = [...forwards].reverse().map((f, i) => ({ ...f, t: i * 400 }));
          return challengeDone(forwards, challenge, DEFAULT_LIVENESS_RULES) && !challengeDone(backwards, challenge, DEFAULT_LIVENESS_RULES);
        },
      ),
    );
  });
});

describe('the verdict of a capture', () => {
  it('passes a head turning left, refuses the same turn of a flat picture', () => {
    expect(judgeCapture(turningCapture(-25), 'turn_left')).toMatchObject({ passed: true, reason: null });
    expect(judgeCapture(turningCapture(-25, true), 'turn_left')).toMatchObject({ passed: false, reason: 'flat' });
  });

  it('refuses a still repeated, another face, too few frames, times going back, a lost face, low anti-spoofing', () => {
    const good = turningCapture(-25);
    const still = good.map((f) => ({ ...f, yaw: good[0]!.yaw, mesh: good[0]!.mesh }));
    expect(judgeCapture(still, 'turn_left').reason).toBe('no_motion');
    expect(
      judgeCapture(
        good.map((f, i) => (i === 5 ? { ...f, similarityToFirst: 0.2 } : f)),
        'turn_left',
      ).reason,
    ).toBe('different_faces');
    expect(judgeCapture(good.slice(0, 4), 'turn_left').reason).toBe('frame_count');
    expect(
      judgeCapture(
        good.map((f, i) => (i === 3 ? { ...f, t: 0 } : f)),
        'turn_left',
      ).reason,
    ).toBe('frame_times');
    expect(
      judgeCapture(
        good.map((f, i) => ({ ...f, t: i * 1500 })),
        'turn_left',
      ).reason,
    ).toBe('frame_times');
    expect(
      judgeCapture(
        good.map((f, i) => (i === 2 ? { ...f, faceCount: 0 } : f)),
        'turn_left',
      ).reason,
    ).toBe('face_lost');
    expect(
      judgeCapture(
        good.map((f) => ({ ...f, real: 0.1 })),
        'turn_left',
      ).reason,
    ).toBe('spoof');
    expect(judgeCapture(good, 'turn_right').reason).toBe('challenge_not_done');
  });

  it('property: a flat picture turned any way is never passed as a turn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -45, max: 45 }),
        fc.constantFrom<'turn_left' | 'turn_right'>('turn_left', 'turn_right'),
        (degrees, challenge) => {
          return !judgeCapture(turningCapture(degrees, true), challenge).passed;
        },
      ),
      { numRuns: 60 },
    );
  });

  it('moving closer: the face grows by the factor asked', () => {
    const closer = [200, 205, 215, 230, 245, 250, 255, 260].map((faceWidth, i) => frame({ t: i * 400, faceWidth }));
    expect(challengeDone(closer, 'move_closer', DEFAULT_LIVENESS_RULES)).toBe(true);
    expect(
      challengeDone(
        closer.map((f) => ({ ...f, faceWidth: 200 })),
        'move_closer',
        DEFAULT_LIVENESS_RULES,
      ),
    ).toBe(false);
  });

  it('picks the challenge from the configured set only', () => {
    expect(pickChallenge(() => 0, ['turn_right'])).toBe('turn_right');
    expect(pickChallenge((max) => max - 1)).toBe('move_closer');
  });
});
