import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { applyHomography, fitHomography, type Point } from './liveness-geometry.ts';
import { selfie } from './face-test-images.ts';

/**
 * Frame sequences for the liveness tests and the browser's fake camera, made from the
 * sample images shipped inside @vladmandic/human (no download):
 *
 * - `screenshot-facematch.jpg`'s first row holds photos of one man (the demo's selected
 *   face, matched by the demo at 57-78 %) taken on different days at different head
 *   angles; the engine measures their yaw. Shown in order of yaw, they are the nearest
 *   thing to a person turning the head that can be made honestly from shipped files —
 *   a real head in each, but different photos (light, expression, framing differ).
 * - A photo held up and turned in front of the camera is made by warping one selfie with
 *   the homography of a plane rotated about its vertical axis (perspective), as a camera
 *   sees a printed photo tilted.
 */

const require = createRequire(import.meta.url);
const ASSETS = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
const GREY = { r: 128, g: 128, b: 128 };

/**
 * The cells of the facematch sheet's first row used here, in the order of the engine's
 * yaw (degrees; + = the face turned towards the image's left): to his left, 6 (+9) → 0
 * (-8) → 1 (-7) → 5 (-9.5) → 2 (-10) → 7 (-14.5), 23° in all; to his right, 1 (-7) → 8
 * (-6) → 0 (-8) → 6 (+9), 16°. (16 and 14 turn further but look least like the others:
 * similarity 0.50 with his first photo.)
 */
export const TURN_LEFT_CELLS = [6, 0, 1, 5, 2, 7] as const;
export const TURN_RIGHT_CELLS = [1, 8, 0, 6] as const;

/** One cell of the facematch sheet's first row, padded on grey like a selfie (440 px). */
export async function facematchCell(cell: number): Promise<Buffer> {
  const sheet = await readFile(path.join(ASSETS, 'screenshot-facematch.jpg'));
  const left = Math.round(2 + cell * 106.6);
  const crop = await sharp(sheet).extract({ left, top: 284, width: 100, height: 96 }).toBuffer();
  return sharp(crop).extend({ top: 60, bottom: 60, left: 60, right: 60, background: GREY }).resize(440).jpeg({ quality: 90 }).toBuffer();
}

/** Warps an image by a homography (output the input's size, grey outside), bilinear. */
export async function warpImage(image: Buffer, h: readonly number[]): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const inv = invert3(h);
  const out = Buffer.alloc(width * height * 3, 128);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = applyHomography(inv, [x, y]);
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const p = (xx: number, yy: number) => data[(yy * width + xx) * 3 + c]!;
        const v = (1 - fy) * ((1 - fx) * p(x0, y0) + fx * p(x0 + 1, y0)) + fy * ((1 - fx) * p(x0, y0 + 1) + fx * p(x0 + 1, y0 + 1));
        out[(y * width + x) * 3 + c] = Math.round(v);
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function invert3(m: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map((x) => x / det);
}

/**
 * The homography of a flat picture of `size` px rotated by `degrees` about its vertical
 * centre line, seen by a camera at `distance` picture widths (focal length = distance).
 */
export function turnedPlaneHomography(size: { width: number; height: number }, degrees: number, distance = 2.5): number[] {
  const { width, height } = size;
  const f = distance * width;
  const theta = (degrees * Math.PI) / 180;
  const corners: Point[] = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  const project = ([x, y]: Point): Point => {
    const X = (x - width / 2) * Math.cos(theta);
    const Z = f + (x - width / 2) * Math.sin(theta);
    return [width / 2 + (f * X) / Z, height / 2 + (f * (y - height / 2)) / Z];
  };
  return fitHomography(corners, corners.map(project))!;
}

/** A still selfie of person `person` (face-test-images) sent `n` times. */
export async function stillSequence(person: number, n = 8): Promise<Buffer[]> {
  const photo = await selfie(person);
  return Array.from({ length: n }, () => photo);
}

/**
 * One photo held up and turned (0° → `maxDegrees`) in front of the camera, `n` frames: a
 * print's or a screen's picture, moving as a plane.
 */
export async function turnedPhotoSequence(photo: Buffer, maxDegrees: number, n = 8): Promise<Buffer[]> {
  const meta = await sharp(photo).metadata();
  const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  const frames: Buffer[] = [];
  for (let i = 0; i < n; i++) frames.push(await warpImage(photo, turnedPlaneHomography(size, (maxDegrees * i) / (n - 1))));
  return frames;
}

/** The man of the facematch row turning (cells in order of yaw), each photo shown for `perCell` frames. */
export async function facematchTurnSequence(cells: readonly number[], perCell = 2): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (const cell of cells) {
    const photo = await facematchCell(cell);
    for (let i = 0; i < perCell; i++) frames.push(photo);
  }
  return frames;
}

/**
 * An ID card front (856 x 540) whose portrait is `photo`'s centre scaled to `portraitWidth`
 * px wide (a real card's portrait is about 104 px wide in a phone's photo of the card).
 */
export async function idCardWithPortrait(photo: Buffer, portraitWidth = 104): Promise<Buffer> {
  const meta = await sharp(photo).metadata();
  const side = Math.round(Math.min(meta.width ?? 0, meta.height ?? 0) * 0.6);
  const portrait = await sharp(photo)
    .extract({
      left: Math.round(((meta.width ?? 0) - side) / 2),
      top: Math.round(((meta.height ?? 0) - side) / 2),
      width: side,
      height: side,
    })
    .resize(portraitWidth, Math.round(portraitWidth * 1.25), { fit: 'cover' })
    .toBuffer();
  return sharp({ create: { width: 856, height: 540, channels: 3, background: { r: 214, g: 232, b: 240 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="420" height="300"><rect x="0" y="0" width="420" height="40" fill="#7aa"/><rect x="0" y="90" width="380" height="18" fill="#555"/><rect x="0" y="150" width="300" height="18" fill="#555"/></svg>',
        ),
        left: 40,
        top: 60,
      },
      { input: portrait, left: 640, top: 200 },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** An ID card front whose portrait is the facematch row's `cell` as it is (190 x 182 px), as the browser tests draw it. */
export async function idCardOfCell(cell: number): Promise<Buffer> {
  const sheet = await readFile(path.join(ASSETS, 'screenshot-facematch.jpg'));
  const portrait = await sharp(sheet)
    .extract({ left: Math.round(2 + cell * 106.6), top: 284, width: 100, height: 96 })
    .resize(190, 182, { fit: 'fill' })
    .toBuffer();
  return sharp({ create: { width: 856, height: 540, channels: 3, background: { r: 214, g: 232, b: 240 } } })
    .composite([{ input: portrait, left: 620, top: 170 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
