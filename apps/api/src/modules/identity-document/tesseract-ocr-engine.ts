import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type RecognizeOptions, type Worker, type WorkerParams } from 'tesseract.js';
import type { IdCardFrontReading, IdCardReader } from './ocr-engine.ts';
import { LINE_MODEL, recognizeLine, warmUpLineReader, type RecognizedLine } from './ppocr-line-reader.ts';
import { parseIdCardFront, type FieldRereads, type OcrLine } from './parse-id-card-front.ts';

/**
 * The built-in reader: tesseract.js (WebAssembly, in a worker thread) with the
 * Traditional Chinese LSTM model of @tesseract.js-data/chi_tra for the labels, name and
 * dates, and a second pass with @tesseract.js-data/eng restricted to A-Z and digits on the
 * card's red print alone (the ID number; sharp isolates it), two worker threads side by side,
 * on the photo straightened first. Then the regions of the name, the dates and 性別 (placed
 * from the title's and the ID number's lines with the card's layout) are read by PaddleOCR's
 * line model (ppocr-line-reader.ts, decision 0189), the name's also by Tesseract one line at a
 * time at several sizes, and the readings vote (parse-id-card-front.ts). Everything is local: the models come from node_modules, the
 * wasm core from tesseract.js-core, nothing is fetched at run time.
 *
 * One pair of workers per process, created on the first reading and shared by every request
 * and every app instance of the process (readings queue on them). Memory, measured by
 * `npm run bench:kyc -- ocr` (docs/benchmarks.md): loading both workers adds about 440 MB of
 * resident memory (WebAssembly heaps and the chi_tra model), about 550 MB after 20
 * readings; the load itself takes ~1.6 s and happens on the first reading. `release()`
 * ends the workers when the last reader lets go (app close).
 */

const require = createRequire(import.meta.url);
const MODEL = 'chi_tra+eng';
/** The package's folder of a language's gzipped model. */
export const modelDir = (lang: string) => path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0');
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** How much redder than green and blue a pixel must be to count as the card's red print. */
const RED_MARGIN = 50;
/**
 * The images handed from one step to the next (the straightened photo, the red print, the
 * crops) are PNGs without compression: they live only in memory for the reading, and
 * compressing them (sharp's default, level 6) was about a tenth of a reading's CPU. The
 * pixels, hence the readings, are the same (51 generated cards read alike both ways;
 * docs/benchmarks.md, 2026-11-30 "an eleventh session").
 */
const UNCOMPRESSED_PNG = { compressionLevel: 0 } as const;

interface Workers {
  chinese: Worker;
  ascii: Worker;
}

let shared: Promise<Workers> | null = null;
let users = 0;

/** Where a model's unpacked copy is kept between processes. */
const UNPACKED_MODELS = path.join(tmpdir(), 'tesseract-models');

/**
 * Where the worker loads a language's model from: an unpacked copy of the package's gzipped
 * model in the temporary folder, made by the first process that needs it (gunzip once per
 * machine, not once per worker: the Chinese worker loads in 0.75 CPU-s from the copy, 0.85-1.0
 * from the packed file; npm run bench:start-costs), or the package's gzipped file itself
 * when no copy can be written there. The copy's name holds the packed file's size and
 * modification time, so a new package version makes a new copy. The folder must be this
 * user's own and closed to others (the temporary folder is shared): a model another user could
 * replace would decide what an ID card reads as.
 */
export async function modelSource(lang: 'chi_tra' | 'eng', root = UNPACKED_MODELS): Promise<{ langPath: string; gzip: boolean }> {
  const packed = path.join(modelDir(lang), `${lang}.traineddata.gz`);
  try {
    const { size, mtimeMs } = await stat(packed);
    const name = `${lang}-${size}-${Math.trunc(mtimeMs)}`;
    const dir = path.join(root, name);
    const unpacked = path.join(dir, `${lang}.traineddata`);
    for (const folder of [root, dir]) {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const owner = await stat(folder);
      if (owner.uid !== process.getuid?.() || (owner.mode & 0o077) !== 0) throw new Error('not a private folder');
    }
    if (!(await stat(unpacked).catch(() => null))) {
      // Written whole under another name, then renamed: a process starting meanwhile never reads half a model.
      const partial = `${unpacked}.${process.pid}.partial`;
      try {
        await writeFile(partial, await promisify(gunzip)(await readFile(packed)), { mode: 0o600 });
        await rename(partial, unpacked);
      } finally {
        await rm(partial, { force: true });
      }
      // Copies of earlier installs (an hour old: a process may still be loading one).
      for (const other of await readdir(root)) {
        const full = path.join(root, other);
        if (other.startsWith(`${lang}-`) && other !== name && Date.now() - (await stat(full)).mtimeMs > 3_600_000) {
          await rm(full, { recursive: true, force: true });
        }
      }
    }
    return { langPath: dir, gzip: false };
  } catch {
    return { langPath: modelDir(lang), gzip: true };
  }
}

async function startWorkers(): Promise<Workers> {
  const [chineseModel, asciiModel] = await Promise.all([modelSource('chi_tra'), modelSource('eng')]);
  const sources = { chi_tra: chineseModel, eng: asciiModel };
  const options = (lang: 'chi_tra' | 'eng') => ({
    ...sources[lang],
    cacheMethod: 'none',
    // The worker's own errors reject the load instead of killing the process.
    errorHandler: () => undefined,
  });
  const [chinese, ascii] = await Promise.all([
    createWorker('chi_tra', OEM.LSTM_ONLY, options('chi_tra')),
    createWorker('eng', OEM.LSTM_ONLY, options('eng')),
  ]);
  // Tesseract's diagnostics ("Estimating resolution as …") go nowhere, not to stderr.
  await chinese.setParameters({ debug_file: '/dev/null' });
  await ascii.setParameters({
    tessedit_char_whitelist: ID_ALPHABET,
    tessedit_pageseg_mode: PSM.SPARSE_TEXT,
    user_defined_dpi: '300',
    debug_file: '/dev/null',
  });
  return { chinese, ascii };
}

function worker(): Promise<Workers> {
  if (!shared) {
    const starting = startWorkers();
    shared = starting;
    // A failed load is not cached: the next reading tries again.
    starting.catch(() => {
      if (shared === starting) shared = null;
    });
  }
  return shared;
}

/** Loads the model now (bench warm-up, or at start when wanted). */
export async function warmUpTesseract(): Promise<void> {
  await Promise.all([worker(), warmUpLineReader()]);
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** `parameters`: Tesseract's, for this reading only (the worker restores its own after). */
async function linesOf(reader: Worker, image: Buffer, parameters: Partial<WorkerParams> = {}): Promise<Array<OcrLine & { bbox: Box }>> {
  const result = await reader.recognize(image, parameters as Partial<RecognizeOptions>, { text: true, blocks: true });
  const lines: Array<OcrLine & { bbox: Box }> = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text,
          confidence: line.confidence,
          words: line.words.map((word) => ({
            text: word.text,
            confidence: word.confidence,
            symbols: (word.symbols ?? []).map((symbol) => ({ text: symbol.text, confidence: symbol.confidence })),
          })),
          bbox: line.bbox,
        });
      }
    }
  }
  return lines;
}

/**
 * The card's red print (the ID number) black on white, everything else white: the
 * A-Z/digit pass reads that line alone, whatever the page segmentation does with the rest.
 * Null when the image does not decode.
 */
export async function redInkOnly(image: Buffer): Promise<Buffer | null> {
  try {
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const channels = info.channels;
    const mask = Buffer.alloc(info.width * info.height);
    for (let i = 0, j = 0; j < mask.length; i += channels, j += 1) {
      const red = data[i]!;
      const other = Math.max(data[i + 1]!, data[i + 2]!);
      mask[j] = red - other > RED_MARGIN ? 0 : 255;
    }
    return await sharp(mask, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png(UNCOMPRESSED_PNG)
      .toBuffer();
  } catch {
    return null;
  }
}

/** Skews tried when straightening the photo, in degrees (a hand-held card: a few at most). */
const MAX_SKEW = 5;
/** Below this the photo is read as it is. */
const MIN_SKEW = 0.2;

/**
 * How far the card's text lines lean, in degrees (clockwise positive): the angle at which
 * the dark pixels, projected along it, pile up into the sharpest rows (text lines and the
 * card's edges); 0.25° steps, then 0.05° around the best.
 */
async function skewOf(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 2) {
      if (data[y * width + x]! < 80) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  const rows = new Float64Array(height * 2 + 2 * width);
  const sharpness = (degrees: number): number => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    rows.fill(0);
    for (let i = 0; i < xs.length; i += 1) rows[Math.round(ys[i]! - xs[i]! * slope) + width]! += 1;
    let sum = 0;
    for (const count of rows) sum += count * count;
    return sum;
  };
  let best = 0;
  let bestScore = -1;
  const tryAngle = (degrees: number) => {
    const score = sharpness(degrees);
    if (score > bestScore) [best, bestScore] = [degrees, score];
  };
  for (let degrees = -MAX_SKEW; degrees <= MAX_SKEW + 1e-9; degrees += 0.25) tryAngle(degrees);
  const coarse = best;
  for (let degrees = coarse - 0.25; degrees <= coarse + 0.25 + 1e-9; degrees += 0.05) tryAngle(degrees);
  return best;
}

/**
 * The photo straightened (its skew undone) in colour and in shades of grey, as PNGs: the
 * Chinese pass reads the grey one (the card's pale tint and the table binarise more
 * cleanly), the ID pass the red print of the colour one. Null when the image does not decode.
 */
async function uprightPhoto(image: Buffer): Promise<{ colour: Buffer; grey: Buffer } | null> {
  try {
    const skew = await skewOf(image);
    const colour =
      Math.abs(skew) >= MIN_SKEW
        ? await sharp(image).rotate(-skew, { background: '#808080' }).png(UNCOMPRESSED_PNG).toBuffer()
        : await sharp(image).png(UNCOMPRESSED_PNG).toBuffer();
    return { colour, grey: await sharp(colour).greyscale().png(UNCOMPRESSED_PNG).toBuffer() };
  } catch {
    return null;
  }
}

/**
 * Where the values stand on the card, in the card's own units (the layout of the front,
 * 1000 wide): the title and the ID number's line are the anchors found on the page; the
 * value regions are cropped from them.
 */
const LAYOUT = {
  title: { x0: 254, width: 391, yMiddle: 61 },
  idLineMiddle: 549,
  name: { x0: 150, y0: 112, x1: 500, y1: 198 },
  birthDate: { x0: 150, y0: 232, x1: 500, y1: 292 },
  issueDate: { x0: 30, y0: 400, x1: 700, y1: 460 },
  /** 性別's value alone (男 or 女), right of its label. */
  gender: { x0: 148, y0: 310, x1: 250, y1: 366 },
  /** 統一編號's value, right of its label. */
  idNumber: { x0: 590, y0: 515, x1: 1000, y1: 585 },
} as const;

type Region = { left: number; top: number; width: number; height: number };
type Frame = (area: { x0: number; y0: number; x1: number; y1: number }) => Region;

/**
 * The card's layout placed on the photo: from the title's line (its left edge, its middle)
 * and the scale given by the distance from the title to the red ID number's line (or the
 * title's width when that line is missing). Null without a title.
 */
function frameOf(
  lines: ReadonlyArray<OcrLine & { bbox: Box }>,
  asciiLines: ReadonlyArray<OcrLine & { bbox: Box }>,
  size: { width: number; height: number },
): Frame | null {
  const title = lines.find((line) => /身分|中華民|國民/.test(line.text.replace(/\s+/g, '')));
  if (!title) return null;
  const titleMiddle = (title.bbox.y0 + title.bbox.y1) / 2;
  const idLine = [...asciiLines]
    .filter((line) => line.bbox.y0 > title.bbox.y1)
    .sort((a, b) => b.text.trim().length - a.text.trim().length)[0];
  const byWidth = (title.bbox.x1 - title.bbox.x0) / LAYOUT.title.width;
  const byHeight = idLine ? ((idLine.bbox.y0 + idLine.bbox.y1) / 2 - titleMiddle) / (LAYOUT.idLineMiddle - LAYOUT.title.yMiddle) : 0;
  // The ID line's distance unless it disagrees with the title's width (a wrong line).
  const scale = byHeight > 0 && Math.abs(byHeight / byWidth - 1) < 0.2 ? byHeight : byWidth;
  if (!(scale > 0)) return null;
  return (area) => {
    const left = Math.max(0, Math.round(title.bbox.x0 + (area.x0 - LAYOUT.title.x0) * scale));
    const top = Math.max(0, Math.round(titleMiddle + (area.y0 - LAYOUT.title.yMiddle) * scale));
    const right = Math.min(size.width, Math.round(title.bbox.x0 + (area.x1 - LAYOUT.title.x0) * scale));
    const bottom = Math.min(size.height, Math.round(titleMiddle + (area.y1 - LAYOUT.title.yMiddle) * scale));
    return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
  };
}

/** How the name's crop is prepared before a reading: enlarged or reduced, then filtered. */
interface CropVariant {
  scale: number;
  filter?: 'thin';
}

/**
 * Tesseract's readings of the name's region, each one a vote, chosen on generated cards 0-59
 * (the test set and 40 more): reduced (the bold strokes are heavier than the model's
 * training) and thinned, at several sizes, and once as it is (a clean card's thinned strokes
 * lose details: 玲 read 玹); no single one reads more than 27 of 30 names right, their vote 55
 * of 60. With fewer of them beside the line model, a wrong name was shown as confident
 * (decision 0189). The dates and 性別 are read by the line model alone (decision 0189: their
 * seven Tesseract readings read no field better).
 */
const NAME_VARIANTS: readonly CropVariant[] = [
  { scale: 0.5 },
  { scale: 0.6 },
  { scale: 0.6, filter: 'thin' },
  { scale: 0.8, filter: 'thin' },
  { scale: 1, filter: 'thin' },
  { scale: 1 },
];

/** The values whose region the line model reads. */
type LineField = 'name' | 'birthDate' | 'issueDate' | 'gender' | 'idNumber';

async function cropFor(grey: Buffer, region: Region, variant: CropVariant): Promise<Buffer> {
  let crop = await sharp(grey)
    .extract(region)
    .resize(Math.max(1, Math.round(region.width * variant.scale)))
    .png(UNCOMPRESSED_PNG)
    .toBuffer();
  // Bold strokes thinned: blurred, then only their dark core kept.
  if (variant.filter === 'thin') crop = await sharp(crop).normalise().blur(1).threshold(60).png(UNCOMPRESSED_PNG).toBuffer();
  return sharp(crop).extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' }).png(UNCOMPRESSED_PNG).toBuffer();
}

/** The name's region read again by Tesseract as a single line, in each of its variants. */
async function rereadNames(reader: Worker, grey: Buffer, frame: Frame): Promise<OcrLine[]> {
  const region = frame(LAYOUT.name);
  const names: OcrLine[] = [];
  for (const variant of NAME_VARIANTS)
    names.push(...(await linesOf(reader, await cropFor(grey, region, variant), { tessedit_pageseg_mode: PSM.SINGLE_LINE })));
  return names;
}

/**
 * OCR lines of an image, straightened: the page in grey with the Chinese model and, side
 * by side, the red print alone restricted to A-Z and digits (the ID number, whose letter
 * the Chinese model misreads or whose line it drops; the whole page when the image has no
 * red print); then the name's region read again by Tesseract (`rereadNames`) and, beside
 * it, the regions of the name, the dates and 性別 by the line model.
 */
export async function recognizeLines(image: Buffer): Promise<{ lines: OcrLine[]; asciiLines: OcrLine[]; rereads: FieldRereads }> {
  const { chinese, ascii } = await worker();
  const upright = await uprightPhoto(image);
  const [lines, asciiLines] = await Promise.all([
    linesOf(chinese, upright?.grey ?? image),
    redInkOnly(upright?.colour ?? image).then((red) => linesOf(ascii, red ?? image)),
  ]);
  if (!upright) return { lines, asciiLines, rereads: {} };
  const { width = 0, height = 0 } = await sharp(upright.grey).metadata();
  const frame = frameOf(lines, asciiLines, { width, height });
  if (!frame) return { lines, asciiLines, rereads: {} };
  const lineOf = (area: (typeof LAYOUT)[LineField]) =>
    sharp(upright.colour).extract(frame(area)).png(UNCOMPRESSED_PNG).toBuffer().then(recognizeLine);
  const [names, nameLine, birthLine, issueLine, genderLine, idLine] = await Promise.all([
    rereadNames(chinese, upright.grey, frame),
    lineOf(LAYOUT.name),
    lineOf(LAYOUT.birthDate),
    lineOf(LAYOUT.issueDate),
    lineOf(LAYOUT.gender),
    lineOf(LAYOUT.idNumber),
  ]);
  const rereads: FieldRereads = {
    name: names,
    nameLine,
    birthDate: [asOcrLine(birthLine)],
    issueDate: [asOcrLine(issueLine)],
    gender: [asOcrLine(genderLine)],
  };
  // The line model's reading of the number joins the A-Z pass's (the same checksum rules).
  return { lines, asciiLines: [...asciiLines, asOcrLine(idLine)], rereads };
}

/** The line model's reading as an OCR line: its characters as one-character words, the line as sure as its least sure one. */
function asOcrLine(line: RecognizedLine): OcrLine {
  const confidence = line.missing || line.chars.length === 0 ? 0 : Math.min(...line.chars.map((c) => c.confidence)) * 100;
  return {
    text: line.chars.map((c) => c.char).join(''),
    confidence,
    words: line.chars.map((c) => ({ text: c.char, confidence: c.confidence * 100 })),
  };
}

/** Readings of the last few photos by their bytes' SHA-256 (in memory only, like the photo being read). */
const recentReadings = new Map<string, { reading: Promise<IdCardFrontReading>; at: number }>();
const RECENT_READINGS = 32;
const RECENT_READING_MS = 10 * 60_000;

export class TesseractIdCardReader implements IdCardReader {
  readonly engine = `tesseract.js/${MODEL}+${LINE_MODEL}`;

  constructor() {
    users += 1;
  }

  /**
   * The reading of these exact bytes: the engine is deterministic, so a photo sent again
   * (a retry after a lost answer, a second try at step 3 with the same upload) is not read
   * again — each reading costs about 2 s of a core. Kept a few minutes, a few at a time.
   */
  async readFront(image: Buffer): Promise<IdCardFrontReading> {
    const key = createHash('sha256').update(image).digest('base64');
    const now = Date.now();
    for (const [cachedKey, entry] of recentReadings) if (now - entry.at > RECENT_READING_MS) recentReadings.delete(cachedKey);
    const cached = recentReadings.get(key);
    if (cached) return structuredClone(await cached.reading);
    const reading = recognizeLines(image).then(({ lines, asciiLines, rereads }) => parseIdCardFront(lines, asciiLines, rereads));
    recentReadings.set(key, { reading, at: now });
    reading.catch(() => recentReadings.delete(key));
    while (recentReadings.size > RECENT_READINGS) recentReadings.delete(recentReadings.keys().next().value!);
    return structuredClone(await reading);
  }

  /** Ends the shared worker when no reader is left. */
  async release(): Promise<void> {
    users = Math.max(0, users - 1);
    if (users > 0 || !shared) return;
    const current = shared;
    shared = null;
    await current.then((w) => Promise.all([w.chinese.terminate(), w.ascii.terminate()])).catch(() => undefined);
  }
}
