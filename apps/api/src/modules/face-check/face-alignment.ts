/**
 * Aligning a face for a descriptor model: the five points recognition models are trained
 * on (the eyes' centres, the nose tip, the mouth's corners), taken from the face mesh, are
 * mapped by the least-squares similarity transform (scale, rotation, shift) onto the
 * standard 112 px template, and the crop is sampled from the decoded photo through that
 * transform (bilinear). The photo is tilted upright and scaled so that every face is
 * described at the same size and position, whatever its size in the photo.
 */

export type Point = readonly [number, number];

/**
 * The standard five-point template of a 112 x 112 crop (ArcFace / InsightFace): the
 * image's left eye, right eye, nose tip, left and right mouth corner.
 */
export const FIVE_POINT_TEMPLATE_112: readonly Point[] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

/**
 * dlib's face chip (get_face_chip_details, 150 px, padding 0.25), which its ResNet
 * descriptor was trained on, as five points: the mean face shape's eye centres (the
 * means of points 36-41 and 42-47), nose tip (30) and mouth corners (48, 54), mapped by
 * (v + 0.25) / 1.5 x 150. dlib fits all of its landmarks; the five are its summary.
 */
export const DLIB_CHIP_TEMPLATE_150: readonly Point[] = [
  [47.5492, 46.599],
  [100.4761, 46.599],
  [74.0127, 76.5625],
  [50.4149, 103.0233],
  [97.6104, 103.0233],
];

/** A five-point template and the side of the square crop it is drawn in. */
export interface FaceTemplate {
  side: number;
  points: readonly Point[];
}

export const ARCFACE_TEMPLATE: FaceTemplate = { side: 112, points: FIVE_POINT_TEMPLATE_112 };
export const DLIB_CHIP_TEMPLATE: FaceTemplate = { side: 150, points: DLIB_CHIP_TEMPLATE_150 };

/** MediaPipe face-mesh landmark indices (468 points): eye corners, nose tip, mouth corners. */
const MESH = { eyeLeft: [33, 133], eyeRight: [362, 263], noseTip: 1, mouthLeft: 61, mouthRight: 291 } as const;

/** The five alignment points of a 468-landmark face mesh, in the template's order; null without a mesh. */
export function fivePointsOfMesh(mesh: ReadonlyArray<readonly [number, number]>): Point[] | null {
  if (mesh.length < 468) return null;
  const at = (i: number): Point => [mesh[i]![0], mesh[i]![1]];
  const mid = ([a, b]: readonly [number, number]): Point => [(mesh[a]![0] + mesh[b]![0]) / 2, (mesh[a]![1] + mesh[b]![1]) / 2];
  return [mid(MESH.eyeLeft), mid(MESH.eyeRight), at(MESH.noseTip), at(MESH.mouthLeft), at(MESH.mouthRight)];
}

/**
 * The similarity transform [a, b, tx, ty] (x' = a·x − b·y + tx, y' = b·x + a·y + ty) that
 * maps `from` onto `to` with the least squared error.
 */
export function fitSimilarity(from: readonly Point[], to: readonly Point[]): [number, number, number, number] {
  const n = from.length;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i]![0];
    fy += from[i]![1];
    tx += to[i]![0];
    ty += to[i]![1];
  }
  fx /= n;
  fy /= n;
  tx /= n;
  ty /= n;
  let dotSum = 0;
  let crossSum = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const x = from[i]![0] - fx;
    const y = from[i]![1] - fy;
    const u = to[i]![0] - tx;
    const v = to[i]![1] - ty;
    dotSum += x * u + y * v;
    crossSum += x * v - y * u;
    norm += x * x + y * y;
  }
  const a = norm === 0 ? 1 : dotSum / norm;
  const b = norm === 0 ? 0 : crossSum / norm;
  return [a, b, tx - (a * fx - b * fy), ty - (b * fx + a * fy)];
}

/**
 * The aligned crop (size x size, RGB values 0-255, row-major HWC) of the face whose five
 * points are `points`, sampled from an RGB image (`data`, `width` x `height`), drawn on
 * `template` scaled to `size`. `margin` > 1 shows more around the face (the template is
 * shrunk towards the crop's centre by it).
 * Pixels beyond the photo repeat its edge.
 */
export function alignedFaceCrop(
  data: Uint8Array,
  width: number,
  height: number,
  points: readonly Point[],
  size: number,
  margin = 1,
  template: FaceTemplate = ARCFACE_TEMPLATE,
): Float32Array {
  const scale = size / template.side;
  const centre = template.side / 2;
  const target = template.points.map(([x, y]): Point => [
    ((x - centre) / margin + centre) * scale,
    ((y - centre) / margin + centre) * scale,
  ]);
  const [a, b, tx, ty] = fitSimilarity(points, target);
  const det = a * a + b * b;
  const out = new Float32Array(size * size * 3);
  const pixel = (x: number, y: number, c: number) =>
    data[(Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3 + c]!;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      // The inverse transform: the crop's pixel centre back into the photo.
      const u = x - tx;
      const v = y - ty;
      const sx = (a * u + b * v) / det;
      const sy = (-b * u + a * v) / det;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const wx = sx - x0;
      const wy = sy - y0;
      for (let c = 0; c < 3; c++) {
        out[(y * size + x) * 3 + c] =
          (1 - wy) * ((1 - wx) * pixel(x0, y0, c) + wx * pixel(x0 + 1, y0, c)) +
          wy * ((1 - wx) * pixel(x0, y0 + 1, c) + wx * pixel(x0 + 1, y0 + 1, c));
      }
    }
  }
  return out;
}

/** Cosine similarity of two descriptors, 0 when either is empty or they differ in length. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Euclidean distance of two descriptors of the same length (Infinity when they differ or are empty). */
export function euclideanDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return Infinity;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}
