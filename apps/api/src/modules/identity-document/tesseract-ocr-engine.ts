import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { IdCardFrontReading, IdCardReader } from './ocr-engine.ts';
import { parseIdCardFront, type OcrLine } from './parse-id-card-front.ts';

/**
 * The built-in reader: tesseract.js (WebAssembly, in a worker thread) with the
 * Traditional Chinese LSTM model of @tesseract.js-data/chi_tra for the labels, name and
 * dates, and a second pass with @tesseract.js-data/eng restricted to A-Z and digits on the
 * card's red print alone (the ID number; sharp isolates it), two worker threads side by side. Everything is local: the model comes from
 * node_modules, the wasm core from tesseract.js-core, nothing is fetched at run time.
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
const modelDir = (lang: string) => path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0');
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** How much redder than green and blue a pixel must be to count as the card's red print. */
const RED_MARGIN = 50;

interface Workers {
  chinese: Worker;
  ascii: Worker;
}

let shared: Promise<Workers> | null = null;
let users = 0;

async function startWorkers(): Promise<Workers> {
  const options = (lang: string) => ({
    langPath: modelDir(lang),
    gzip: true,
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
  await ascii.setParameters({ tessedit_char_whitelist: ID_ALPHABET, tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: '300', debug_file: '/dev/null' });
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
  await worker();
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

async function linesOf(reader: Worker, image: Buffer): Promise<Array<OcrLine & { bbox: Box }>> {
  const result = await reader.recognize(image, {}, { text: true, blocks: true });
  const lines: Array<OcrLine & { bbox: Box }> = [];
  for (const block of result.data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          text: line.text,
          confidence: line.confidence,
          words: line.words.map((word) => ({ text: word.text, confidence: word.confidence })),
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
    return await sharp(mask, { raw: { width: info.width, height: info.height, channels: 1 } }).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * The photo in shades of grey for the Chinese pass: the card's pale tint and the table
 * around it then binarise more cleanly (on the generated set, whole cards 10/20 → 13/20;
 * enlarging 1.5× or 2× made it worse). Null when the image does not decode.
 */
async function greyscale(image: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(image).greyscale().png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * OCR lines of an image: the page in grey with the Chinese model and, side by side, the red print
 * alone restricted to A-Z and digits (the ID number, whose letter the Chinese model
 * misreads or whose line it drops); the whole page when the image has no red print.
 */
export async function recognizeLines(image: Buffer): Promise<{ lines: OcrLine[]; asciiLines: OcrLine[] }> {
  const { chinese, ascii } = await worker();
  const [lines, asciiLines] = await Promise.all([
    greyscale(image).then((grey) => linesOf(chinese, grey ?? image)),
    redInkOnly(image).then((red) => linesOf(ascii, red ?? image)),
  ]);
  return { lines, asciiLines };
}

export class TesseractIdCardReader implements IdCardReader {
  readonly engine = `tesseract.js/${MODEL}`;

  constructor() {
    users += 1;
  }

  async readFront(image: Buffer): Promise<IdCardFrontReading> {
    const { lines, asciiLines } = await recognizeLines(image);
    return parseIdCardFront(lines, asciiLines);
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
