/**
 * Active liveness from a short capture, as pure functions on what the face model measured
 * in each frame (no model, no I/O): the head's yaw series, the eyes' aspect ratio, the
 * face's width, the landmarks' planarity between frames, and the verdict of a capture
 * against the challenge the server gave. Used by check-liveness.ts and unit-tested alone.
 */

export type Point = readonly [number, number];

export const CHALLENGES = ['turn_left', 'turn_right', 'blink', 'move_closer'] as const;
export type Challenge = (typeof CHALLENGES)[number];

/** What the model measured in one frame of a capture. */
export interface FrameMeasure {
  /** Milliseconds since the capture started (the client's clock). */
  t: number;
  /** Faces found in the frame. */
  faceCount: number;
  /** Head yaw in degrees as the engine reports it (+ = turned towards the image's left). */
  yaw: number | null;
  /** Eye aspect ratio (both eyes' mean), or null without a mesh. */
  ear: number | null;
  /** Face box width in pixels. */
  faceWidth: number;
  /** The 468 mesh landmarks, [] when none. */
  mesh: readonly Point[];
  /** Anti-spoofing score of the frame (1 = real). */
  real: number;
  /** Liveness score of the frame (1 = live). */
  live: number;
  /** Descriptor similarity of this frame's face with the first frame's (1 for the first). */
  similarityToFirst: number;
}

export interface LivenessRules {
  minFrames: number;
  maxFrames: number;
  /** Longest capture (first to last frame), ms. */
  maxCaptureMs: number;
  /** Least yaw change from the start for a turn, degrees. */
  minTurnDegrees: number;
  /** Eyes closed: the aspect ratio at or under this share of the open eyes'. */
  blinkClosedRatio: number;
  /** Moving closer: the face's width grows by at least this factor. */
  minCloserGrowth: number;
  /** Least planarity residual (share of the face width) for a turn: a photo moves as one plane. */
  minPlanarResidual: number;
  /** Least descriptor similarity of every frame with the first. */
  minFrameSimilarity: number;
  /** Median anti-spoofing and liveness scores over the frames. */
  minAntispoof: number;
  minLiveness: number;
}

export const DEFAULT_LIVENESS_RULES: LivenessRules = {
  minFrames: 6,
  maxFrames: 12,
  maxCaptureMs: 8_000,
  minTurnDegrees: 10,
  blinkClosedRatio: 0.6,
  minCloserGrowth: 1.2,
  minPlanarResidual: 0.03,
  // On dlib's ResNet scale, 1 − distance (decision 0186): the man's turn captures, frames
  // of photos from different days, keep 0.59-0.67 against their first frame; two different
  // people reach 0.50 in about 22 pairs of 1,000 (benchmarks.md, the descriptor curve).
  minFrameSimilarity: 0.5,
  minAntispoof: 0.4,
  minLiveness: 0.5,
};

export type LivenessReason =
  'frame_count' | 'frame_times' | 'face_lost' | 'several_faces' | 'different_faces' | 'no_motion' | 'challenge_not_done' | 'flat' | 'spoof';

export interface LivenessMeasures {
  frames: number;
  durationMs: number;
  /** Largest yaw change from the first frame in the challenge's direction (degrees). */
  turnDegrees: number;
  /** Smallest eye aspect ratio over the first frame's. */
  eyeClosure: number;
  /** Widest face over the first frame's width. */
  sizeGrowth: number;
  /** Largest planarity residual between the first frame and any other (share of face width). */
  planarResidual: number;
  minFrameSimilarity: number;
  medianAntispoof: number;
  medianLiveness: number;
}

export interface LivenessVerdict {
  passed: boolean;
  reason: LivenessReason | null;
  measures: LivenessMeasures;
}

/** Landmark indices of the facemesh eyes: [outer corner, inner corner, upper1, lower1, upper2, lower2]. */
const LEFT_EYE = [33, 133, 160, 144, 158, 153] as const;
const RIGHT_EYE = [263, 362, 387, 373, 385, 380] as const;

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function eyeRatio(mesh: readonly Point[], eye: readonly number[]): number | null {
  const p = eye.map((i) => mesh[i]);
  if (p.some((x) => x === undefined)) return null;
  const [outer, inner, u1, l1, u2, l2] = p as Point[];
  const width = dist(outer!, inner!);
  if (width === 0) return null;
  return (dist(u1!, l1!) + dist(u2!, l2!)) / (2 * width);
}

/** The eye aspect ratio (eyelid gap over eye width, both eyes' mean) of a facemesh, or null. */
export function eyeAspectRatio(mesh: readonly Point[]): number | null {
  const left = eyeRatio(mesh, LEFT_EYE);
  const right = eyeRatio(mesh, RIGHT_EYE);
  if (left === null || right === null) return null;
  return (left + right) / 2;
}

/** Solves A x = b (n x n, Gaussian elimination with partial pivoting); null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The homography H (3x3, h33 = 1) that best maps `from` onto `to` (least squares of the
 * linearised equations, points normalised to their centroid and spread first), or null
 * for fewer than 4 points or a degenerate set.
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): number[] | null {
  const n = Math.min(from.length, to.length);
  if (n < 4) return null;
  const norm = (pts: readonly Point[]) => {
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < n; i++) {
      cx += pts[i]![0];
      cy += pts[i]![1];
    }
    cx /= n;
    cy /= n;
    let spread = 0;
    for (let i = 0; i < n; i++) spread += Math.hypot(pts[i]![0] - cx, pts[i]![1] - cy);
    const s = spread === 0 ? 1 : (n * Math.SQRT2) / spread;
    return { cx, cy, s };
  };
  const nf = norm(from);
  const nt = norm(to);
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const add = (row: number[], rhs: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i]! += row[i]! * rhs;
      for (let j = 0; j < 8; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  };
  for (let i = 0; i < n; i++) {
    const x = (from[i]![0] - nf.cx) * nf.s;
    const y = (from[i]![1] - nf.cy) * nf.s;
    const u = (to[i]![0] - nt.cx) * nt.s;
    const v = (to[i]![1] - nt.cy) * nt.s;
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  const h = solve(ata, atb);
  if (!h) return null;
  // Back to pixel coordinates: H = Tt^-1 * Hn * Tf.
  const hn = [...h, 1];
  const tf = [nf.s, 0, -nf.s * nf.cx, 0, nf.s, -nf.s * nf.cy, 0, 0, 1];
  const ttInv = [1 / nt.s, 0, nt.cx, 0, 1 / nt.s, nt.cy, 0, 0, 1];
  const mul = (a: number[], b: number[]) => {
    const r = new Array<number>(9).fill(0);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) r[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
    return r;
  };
  const full = mul(ttInv, mul(hn, tf));
  const scale = full[8]!;
  if (Math.abs(scale) < 1e-12) return null;
  return full.map((x) => x / scale);
}

/** Applies a homography to a point. */
export function applyHomography(h: readonly number[], p: Point): Point {
  const w = h[6]! * p[0] + h[7]! * p[1] + h[8]!;
  return [(h[0]! * p[0] + h[1]! * p[1] + h[2]!) / w, (h[3]! * p[0] + h[4]! * p[1] + h[5]!) / w];
}

/** Width of a point set (largest minus smallest x); the unit of the residual. */
function spanOf(points: readonly Point[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    min = Math.min(min, p[0]);
    max = Math.max(max, p[0]);
  }
  return max - min;
}

/**
 * How far two landmark sets are from moving as one plane: the RMS distance between `to`
 * and `from` mapped by their best homography, over the width of `to`. A photo (printed or
 * on a screen) moved, tilted or turned in front of a camera is a plane seen in
 * perspective: its landmarks map exactly by a homography (residual ≈ the landmarks'
 * noise). A turning head is not a plane: the nose moves across the cheeks. Infinity when
 * no homography fits (fewer than 4 points, degenerate).
 */
export function planarResidual(from: readonly Point[], to: readonly Point[]): number {
  const h = fitHomography(from, to);
  const width = spanOf(to);
  if (!h || width <= 0) return Infinity;
  const n = Math.min(from.length, to.length);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const p = applyHomography(h, from[i]!);
    sum += (p[0] - to[i]![0]) ** 2 + (p[1] - to[i]![1]) ** 2;
  }
  return Math.sqrt(sum / n) / width;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The yaw change the challenge asks for, per frame, from the first frame: a turn to the
 * user's left shows (in the camera's own, unmirrored picture) as the engine's yaw going
 * down; to the right as it going up. Frames without a yaw count 0.
 */
export function turnSeries(frames: readonly FrameMeasure[], challenge: 'turn_left' | 'turn_right'): number[] {
  const start = frames[0]?.yaw ?? 0;
  const sign = challenge === 'turn_left' ? -1 : 1;
  return frames.map((f) => (f.yaw === null ? 0 : sign * (f.yaw - start)));
}

/**
 * Whether the challenge happened, in order: the first frame is the start (facing the
 * camera, eyes open, at the first distance) and a later frame shows the movement: a turn
 * of `minTurnDegrees` in the asked direction; the eyes at or under `blinkClosedRatio` of
 * their opening and open again in a later frame; the face `minCloserGrowth` times as wide.
 */
export function challengeDone(frames: readonly FrameMeasure[], challenge: Challenge, rules: LivenessRules): boolean {
  if (frames.length < 2) return false;
  if (challenge === 'turn_left' || challenge === 'turn_right') {
    return turnSeries(frames, challenge)
      .slice(1)
      .some((d) => d >= rules.minTurnDegrees);
  }
  if (challenge === 'blink') {
    const open = frames[0]!.ear;
    if (open === null || open <= 0) return false;
    const closedAt = frames.findIndex((f, i) => i > 0 && f.ear !== null && f.ear <= open * rules.blinkClosedRatio);
    if (closedAt < 0) return false;
    return frames.slice(closedAt + 1).some((f) => f.ear !== null && f.ear > open * ((1 + rules.blinkClosedRatio) / 2));
  }
  const first = frames[0]!.faceWidth;
  return first > 0 && frames.slice(1).some((f) => f.faceWidth >= first * rules.minCloserGrowth);
}

/** The measures of a capture (see LivenessMeasures) for `challenge`. */
export function measureCapture(frames: readonly FrameMeasure[], challenge: Challenge): LivenessMeasures {
  const first = frames[0];
  const turnDegrees =
    challenge === 'turn_left' || challenge === 'turn_right'
      ? Math.max(0, ...turnSeries(frames, challenge))
      : Math.max(0, ...frames.map((f) => Math.abs((f.yaw ?? 0) - (first?.yaw ?? 0))));
  const openEar = first?.ear ?? null;
  const ears = frames.map((f) => f.ear).filter((e): e is number => e !== null);
  const eyeClosure = openEar && openEar > 0 && ears.length > 0 ? Math.min(...ears) / openEar : 1;
  const sizeGrowth = first && first.faceWidth > 0 ? Math.max(...frames.map((f) => f.faceWidth)) / first.faceWidth : 1;
  let planar = 0;
  for (const f of frames.slice(1)) {
    if (!first || first.mesh.length < 4 || f.mesh.length !== first.mesh.length) continue;
    const r = planarResidual(first.mesh, f.mesh);
    if (Number.isFinite(r)) planar = Math.max(planar, r);
  }
  return {
    frames: frames.length,
    durationMs: frames.length > 0 ? frames.at(-1)!.t - frames[0]!.t : 0,
    turnDegrees,
    eyeClosure,
    sizeGrowth,
    planarResidual: planar,
    minFrameSimilarity: frames.length > 0 ? Math.min(...frames.map((f) => f.similarityToFirst)) : 0,
    medianAntispoof: median(frames.map((f) => f.real)),
    medianLiveness: median(frames.map((f) => f.live)),
  };
}

/** Whether every landmark of every frame is where it was in the first (a still repeated). */
function noMotion(frames: readonly FrameMeasure[]): boolean {
  const first = frames[0];
  if (!first || first.mesh.length === 0) return true;
  const tolerance = Math.max(1, spanOf(first.mesh)) * 0.004;
  return frames.every((f) => f.mesh.length === first.mesh.length && f.mesh.every((p, i) => dist(p, first.mesh[i]!) <= tolerance));
}

/**
 * The verdict of a capture for `challenge`, the first failed rule in this order: the
 * frame count; times increasing from 0 within `maxCaptureMs`; one face in every frame; the
 * same face in every frame; some motion; the challenge done in order; for a turn, not
 * flat (the planarity residual); the median anti-spoofing and liveness scores.
 */
export function judgeCapture(
  frames: readonly FrameMeasure[],
  challenge: Challenge,
  rules: LivenessRules = DEFAULT_LIVENESS_RULES,
): LivenessVerdict {
  const measures = measureCapture(frames, challenge);
  const fail = (reason: LivenessReason): LivenessVerdict => ({ passed: false, reason, measures });
  if (frames.length < rules.minFrames || frames.length > rules.maxFrames) return fail('frame_count');
  const timesOk =
    frames.every((f) => Number.isFinite(f.t) && f.t >= 0) &&
    frames.every((f, i) => i === 0 || f.t > frames[i - 1]!.t) &&
    measures.durationMs <= rules.maxCaptureMs;
  if (!timesOk) return fail('frame_times');
  if (frames.some((f) => f.faceCount === 0)) return fail('face_lost');
  if (frames.some((f) => f.faceCount > 1)) return fail('several_faces');
  if (measures.minFrameSimilarity < rules.minFrameSimilarity) return fail('different_faces');
  if (noMotion(frames)) return fail('no_motion');
  if (!challengeDone(frames, challenge, rules)) return fail('challenge_not_done');
  if ((challenge === 'turn_left' || challenge === 'turn_right') && measures.planarResidual < rules.minPlanarResidual) return fail('flat');
  if (measures.medianAntispoof < rules.minAntispoof || measures.medianLiveness < rules.minLiveness) return fail('spoof');
  return { passed: true, reason: null, measures };
}

/** A random challenge from `set` (default all four), from a random integer source. */
export function pickChallenge(randomInt: (max: number) => number, set: readonly Challenge[] = CHALLENGES): Challenge {
  return set[randomInt(set.length)]!;
}
