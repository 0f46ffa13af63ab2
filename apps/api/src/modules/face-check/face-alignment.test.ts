import { describe, expect, it } from 'vitest';
import {
  alignedFaceCrop,
  cosineSimilarity,
  DLIB_CHIP_TEMPLATE,
  euclideanDistance,
  FIVE_POINT_TEMPLATE_112,
  fitSimilarity,
  fivePointsOfMesh,
  type Point,
} from './face-alignment.ts';

/** The template's points moved by scale `s`, rotation `degrees` and shift (dx, dy). */
function moved(points: readonly Point[], s: number, degrees: number, dx: number, dy: number): Point[] {
  const r = (degrees * Math.PI) / 180;
  return points.map(([x, y]): Point => [s * (Math.cos(r) * x - Math.sin(r) * y) + dx, s * (Math.sin(r) * x + Math.cos(r) * y) + dy]);
}

/** An RGB image whose red value is x / 2 and green value y / 2 (0-255 across a 510 px square). */
function coordinateImage(size = 510): Uint8Array {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      data[(y * size + x) * 3] = Math.floor(x / 2);
      data[(y * size + x) * 3 + 1] = Math.floor(y / 2);
      data[(y * size + x) * 3 + 2] = 0;
    }
  }
  return data;
}

describe('face alignment', () => {
  it('finds the similarity transform that maps a scaled, turned and shifted face back onto the template', () => {
    const face = moved(FIVE_POINT_TEMPLATE_112, 2.5, 12, 140, 90);
    const [a, b, tx, ty] = fitSimilarity(face, FIVE_POINT_TEMPLATE_112);
    for (const [i, [x, y]] of face.entries()) {
      expect(a * x - b * y + tx).toBeCloseTo(FIVE_POINT_TEMPLATE_112[i]![0], 6);
      expect(b * x + a * y + ty).toBeCloseTo(FIVE_POINT_TEMPLATE_112[i]![1], 6);
    }
    // Scale 1 / 2.5, rotation −12°.
    expect(Math.hypot(a, b)).toBeCloseTo(1 / 2.5, 6);
    expect((Math.atan2(b, a) * 180) / Math.PI).toBeCloseTo(-12, 6);
  });

  it('samples the crop so that the face points land on the template, whatever their place in the photo', () => {
    const image = coordinateImage();
    const face = moved(FIVE_POINT_TEMPLATE_112, 2, -20, 200, 150);
    const crop = alignedFaceCrop(image, 510, 510, face, 112);
    for (const [tx, ty] of FIVE_POINT_TEMPLATE_112) {
      // The crop's pixel nearest the template point shows the photo's pixel at the face point.
      const x = Math.round(tx);
      const y = Math.round(ty);
      const [sx, sy] = moved([[x, y]], 2, -20, 200, 150)[0]!;
      expect(Math.abs(crop[(y * 112 + x) * 3]! - sx / 2)).toBeLessThan(1.5);
      expect(Math.abs(crop[(y * 112 + x) * 3 + 1]! - sy / 2)).toBeLessThan(1.5);
    }
    // A larger margin shows more of the photo around the same face.
    const wide = alignedFaceCrop(image, 510, 510, face, 112, 1.5);
    const span = (c: Float32Array) => Math.abs(c[(111 * 112 + 111) * 3]! - c[0]!) + Math.abs(c[(111 * 112 + 111) * 3 + 1]! - c[1]!);
    expect(span(wide)).toBeGreaterThan(span(crop) * 1.3);
  });

  it("draws the crop on dlib's 150 px chip when given that template: the face points land on its points", () => {
    const image = coordinateImage();
    const face = moved(DLIB_CHIP_TEMPLATE.points, 1.5, 8, 120, 60);
    const crop = alignedFaceCrop(image, 510, 510, face, 150, 1, DLIB_CHIP_TEMPLATE);
    expect(crop).toHaveLength(150 * 150 * 3);
    for (const [tx, ty] of DLIB_CHIP_TEMPLATE.points) {
      const x = Math.round(tx);
      const y = Math.round(ty);
      const [sx, sy] = moved([[x, y]], 1.5, 8, 120, 60)[0]!;
      expect(Math.abs(crop[(y * 150 + x) * 3]! - sx / 2)).toBeLessThan(1.5);
      expect(Math.abs(crop[(y * 150 + x) * 3 + 1]! - sy / 2)).toBeLessThan(1.5);
    }
    // dlib's chip shows the face larger than ArcFace's template (the eyes 53 px apart against
    // 47 px at 150 px): the same face drawn on both spans less of the photo on dlib's.
    const arcface = alignedFaceCrop(image, 510, 510, face, 150);
    const span = (c: Float32Array) => Math.abs(c[(149 * 150 + 149) * 3]! - c[0]!);
    expect(span(crop)).toBeLessThan(span(arcface) * 0.95);
  });

  it('measures the Euclidean distance of two descriptors, and none between descriptors that cannot be compared', () => {
    expect(euclideanDistance([0, 3], [4, 0])).toBe(5);
    expect(euclideanDistance([1, 2, 3], [1, 2, 3])).toBe(0);
    expect(euclideanDistance([], [])).toBe(Infinity);
    expect(euclideanDistance([1], [1, 2])).toBe(Infinity);
  });

  it('takes the five points from a 468-point mesh and none from a missing one', () => {
    const mesh = Array.from({ length: 468 }, (_, i): [number, number] => [i, 1000 + i]);
    expect(fivePointsOfMesh(mesh)).toEqual([
      [83, 1083],
      [312.5, 1312.5],
      [1, 1001],
      [61, 1061],
      [291, 1291],
    ]);
    expect(fivePointsOfMesh([])).toBeNull();
  });

  it('measures cosine similarity, 0 for empty or mismatched descriptors', () => {
    expect(cosineSimilarity([1, 0], [2, 0])).toBeCloseTo(1, 9);
    expect(cosineSimilarity([1, 0], [0, 3])).toBeCloseTo(0, 9);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1, 9);
    expect(cosineSimilarity([], [])).toBe(0);
    expect(cosineSimilarity([1, 2], [1, 2, 3])).toBe(0);
  });
});
