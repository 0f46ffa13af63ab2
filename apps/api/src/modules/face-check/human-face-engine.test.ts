import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { FaceEngineUnavailableError, FaceImageUnreadableError } from './face-engine.ts';
import { judgeDetection } from './face-rules.ts';
import { portraitDescriptor } from './compare-face.ts';
import * as photos from './face-test-images.ts';
import { createHumanFaceEngine, PRODUCTION_DESCRIPTOR, sharedHumanFaceEngine, vendoredDescriptorDir } from './human-face-engine.ts';
import { facematchCell, idCardOfCell } from './liveness-test-frames.ts';

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
  it(
    'matches a face with the portrait on its ID card (cut and scaled as faceCompare does), and a changed copy of it with nobody else better',
    { timeout: 60_000 },
    async () => {
      const originals = await Promise.all(PEOPLE.map(async (person) => oneFace(await photos.selfie(person))));
      for (const person of PEOPLE) {
        const original = originals[person]!;
        const portrait = await portraitDescriptor(engine, await photos.idCardFront(person));
        expect(engine.similarity(original.descriptor, portrait!)).toBeGreaterThanOrEqual(config.minSimilarity);
        // A cropped, brightened and turned copy: closest to its own original, and the same
        // person at the calibrated threshold (faceres gave person 4's copy 0.79, under its 0.84).
        const copy = await oneFace(await photos.transformedSelfie(person));
        const own = engine.similarity(original.descriptor, copy.descriptor);
        expect(own).toBeGreaterThanOrEqual(config.minSimilarity);
        for (const other of PEOPLE) {
          if (other !== person) expect(engine.similarity(originals[other]!.descriptor, copy.descriptor)).toBeLessThan(own);
        }
      }
    },
  );

  it('does not match two different people', { timeout: 60_000 }, async () => {
    const faces = await Promise.all(PEOPLE.map(async (person) => oneFace(await photos.selfie(person))));
    for (const a of PEOPLE) {
      for (const b of PEOPLE) {
        if (a < b) expect(engine.similarity(faces[a]!.descriptor, faces[b]!.descriptor)).toBeLessThan(config.minSimilarity);
      }
    }
  });

  it(
    "passes a genuine pair the old faceres descriptor refused (the man's photos of different days: a selfie against another photo's ID card), and still refuses impostors",
    { timeout: 120_000 },
    async () => {
      const old = sharedHumanFaceEngine({ descriptor: 'faceres' });
      const OLD_THRESHOLD = 0.84; // decision 0155's operating point for faceres
      const pairs = [
        { still: 2, card: 0 },
        { still: 1, card: 2 },
      ];
      for (const { still, card } of pairs) {
        const cardBytes = await idCardOfCell(card);
        const stillBytes = await facematchCell(still);
        const before = old.similarity((await old.analyse(stillBytes)).faces[0]!.descriptor, (await portraitDescriptor(old, cardBytes))!);
        expect(before).toBeLessThan(OLD_THRESHOLD);
        const now = engine.similarity((await oneFace(stillBytes)).descriptor, (await portraitDescriptor(engine, cardBytes))!);
        expect(now).toBeGreaterThanOrEqual(config.minSimilarity);
      }
      // Impostors: two women of the facedetect sheet against the man's card and each other's.
      const manCard = (await portraitDescriptor(engine, await idCardOfCell(0)))!;
      const womanCard = (await portraitDescriptor(engine, await photos.idCardFront(2)))!;
      for (const person of [1, 3]) {
        const face = await oneFace(await photos.selfie(person));
        expect(engine.similarity(face.descriptor, manCard)).toBeLessThan(config.minSimilarity);
        expect(engine.similarity(face.descriptor, womanCard)).toBeLessThan(config.minSimilarity);
      }
    },
  );

  it(
    "matches most of the man's photos of other days with each other's ID cards, and none of four other people's",
    { timeout: 120_000 },
    async () => {
      // The man of the facematch sheet's first row, photos of different years: 40 of these 42
      // pairs pass with dlib's ResNet at its 0.615; the MobileFace descriptor of decision 0168
      // passed 21 at its 0.68 (decision 0186).
      const cells = [0, 1, 2, 5, 6, 7, 8];
      const stills = await Promise.all(cells.map(async (cell) => (await oneFace(await facematchCell(cell))).descriptor));
      const cards = await Promise.all(cells.map(async (cell) => (await portraitDescriptor(engine, await idCardOfCell(cell)))!));
      let passed = 0;
      let pairs = 0;
      for (const [i, still] of stills.entries()) {
        for (const [j, card] of cards.entries()) {
          if (i === j) continue;
          pairs++;
          if (engine.similarity(still, card) >= config.minSimilarity) passed++;
        }
      }
      expect(pairs).toBe(42);
      expect(passed).toBeGreaterThanOrEqual(34);
      // The facedetect sheet's person 0 is the man himself (decision 0186), so not one of them.
      const others = await Promise.all([1, 2, 3, 4].map(async (person) => (await oneFace(await photos.selfie(person))).descriptor));
      for (const other of others) for (const card of cards) expect(engine.similarity(other, card)).toBeLessThan(config.minSimilarity);
    },
  );

  it(
    'fails closed when the descriptor model is missing or one of its weights is: no analysis, an unavailable error',
    { timeout: 60_000 },
    async () => {
      const missing = createHumanFaceEngine({ descriptorDir: '/nonexistent/descriptor-model' });
      await expect(missing.ready()).rejects.toBeInstanceOf(FaceEngineUnavailableError);
      await expect(missing.analyse(await photos.selfie(1))).rejects.toBeInstanceOf(FaceEngineUnavailableError);
      // The same files with the last layer's weight left out of the manifest.
      const dir = await mkdtemp(path.join(tmpdir(), 'descriptor-'));
      try {
        const vendored = vendoredDescriptorDir(PRODUCTION_DESCRIPTOR);
        const manifestFile = 'face_recognition_model-weights_manifest.json';
        const manifest = JSON.parse(await readFile(path.join(vendored, manifestFile), 'utf8')) as Array<{
          weights: Array<{ name: string }>;
        }>;
        manifest[0]!.weights = manifest[0]!.weights.filter((weight) => weight.name !== 'fc');
        await writeFile(path.join(dir, manifestFile), JSON.stringify(manifest));
        await copyFile(path.join(vendored, 'face_recognition_model.bin'), path.join(dir, 'face_recognition_model.bin'));
        const partial = createHumanFaceEngine({ descriptorDir: dir });
        await expect(partial.ready()).rejects.toThrow(/descriptor weight missing: fc/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('finds no face in noise and two faces side by side, each with its own verdict', { timeout: 60_000 }, async () => {
    expect(judgeDetection(await engine.analyse(await photos.noFace()), config).reason).toBe('no_face');
    const two = await engine.analyse(await photos.twoFaces());
    expect(two.faces).toHaveLength(2);
    expect(judgeDetection(two, config).reason).toBe('several_faces');
    expect(judgeDetection(await engine.analyse(await photos.tinyFace(1)), config).reason).toBe('too_small');
    expect(judgeDetection(await engine.analyse(await photos.darkSelfie(1)), config).reason).toBe('too_dark');
    expect(judgeDetection(await engine.analyse(await photos.selfie(1)), config).reason).toBeNull();
  });

  it(
    'scores a photo of a photo (screen re-capture with moiré and bezel) lower on liveness than the original',
    { timeout: 60_000 },
    async () => {
      for (const person of PEOPLE) {
        const original = await oneFace(await photos.selfie(person));
        const recaptured = await oneFace(await photos.recapturedSelfie(person));
        expect(recaptured.live).toBeLessThan(original.live);
        expect(original.live).toBeGreaterThanOrEqual(config.minLiveness);
      }
    },
  );

  it('answers an error, not a verdict, for bytes that are not an image', async () => {
    await expect(engine.analyse(Buffer.from('not an image'))).rejects.toBeInstanceOf(FaceImageUnreadableError);
    // Nor the second time: a refusal is not kept as an answer.
    await expect(engine.analyse(Buffer.from('not an image'))).rejects.toBeInstanceOf(FaceImageUnreadableError);
  });

  it('gives the same bytes the same analysis, each answer a copy of its own', { timeout: 60_000 }, async () => {
    const bytes = await photos.selfie(1);
    const first = await engine.analyse(bytes);
    const again = await engine.analyse(Buffer.from(bytes));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    first.faces[0]!.descriptor.fill(0);
    expect((await engine.analyse(bytes)).faces[0]!.descriptor).toEqual(again.faces[0]!.descriptor);
    expect(again.faces[0]!.descriptor.some((value) => value !== 0)).toBe(true);
  });
});
