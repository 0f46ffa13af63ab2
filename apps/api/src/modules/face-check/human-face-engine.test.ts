import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { FaceImageUnreadableError } from './face-engine.ts';
import { judgeDetection } from './face-rules.ts';
import * as photos from './face-test-images.ts';
import { sharedHumanFaceEngine } from './human-face-engine.ts';

/**
 * The real models (@vladmandic/human, offline, WASM) on photos made from the package's own
 * sample images (face-test-images.ts), judged with the default thresholds of env.ts.
 * No timing is asserted here: `npm run bench:kyc` measures.
 */
const engine = sharedHumanFaceEngine();
const config = loadConfig({}).face;
const PEOPLE = [0, 1, 2, 3, 4];

async function oneFace(bytes: Buffer) {
  const analysis = await engine.analyse(bytes);
  expect(analysis.faces).toHaveLength(1);
  return analysis.faces[0]!;
}

describe('the face engine (real models)', () => {
  it('matches a face with a cropped, brightened and turned copy of itself, and with the portrait on its ID card', { timeout: 60_000 }, async () => {
    for (const person of PEOPLE) {
      const original = await oneFace(await photos.selfie(person));
      const copy = await oneFace(await photos.transformedSelfie(person));
      expect(engine.similarity(original.descriptor, copy.descriptor)).toBeGreaterThanOrEqual(config.minSimilarity);
      const card = await engine.analyse(await photos.idCardFront(person));
      expect(engine.similarity(original.descriptor, card.faces[0]!.descriptor)).toBeGreaterThanOrEqual(config.minSimilarity);
    }
  });

  it('does not match two different people', { timeout: 60_000 }, async () => {
    const faces = await Promise.all(PEOPLE.map(async (person) => oneFace(await photos.selfie(person))));
    for (const a of PEOPLE) {
      for (const b of PEOPLE) {
        if (a < b) expect(engine.similarity(faces[a]!.descriptor, faces[b]!.descriptor)).toBeLessThan(config.minSimilarity);
      }
    }
  });

  it('finds no face in noise and two faces side by side, each with its own verdict', { timeout: 60_000 }, async () => {
    expect(judgeDetection(await engine.analyse(await photos.noFace()), config).reason).toBe('no_face');
    const two = await engine.analyse(await photos.twoFaces());
    expect(two.faces).toHaveLength(2);
    expect(judgeDetection(two, config).reason).toBe('several_faces');
    expect(judgeDetection(await engine.analyse(await photos.tinyFace(1)), config).reason).toBe('too_small');
    expect(judgeDetection(await engine.analyse(await photos.darkSelfie(1)), config).reason).toBe('too_dark');
    expect(judgeDetection(await engine.analyse(await photos.selfie(1)), config).reason).toBeNull();
  });

  it('scores a photo of a photo (screen re-capture with moiré and bezel) lower on liveness than the original', { timeout: 60_000 }, async () => {
    for (const person of PEOPLE) {
      const original = await oneFace(await photos.selfie(person));
      const recaptured = await oneFace(await photos.recapturedSelfie(person));
      expect(recaptured.live).toBeLessThan(original.live);
      expect(original.live).toBeGreaterThanOrEqual(config.minLiveness);
    }
  });

  it('answers an error, not a verdict, for bytes that are not an image', async () => {
    await expect(engine.analyse(Buffer.from('not an image'))).rejects.toBeInstanceOf(FaceImageUnreadableError);
  });
});
