import { genderOfIdentityNumber, isValidTaiwanIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { IdCardFrontReading, ProposedValue } from './ocr-engine.ts';

/**
 * Pure: the fields of a Taiwan ID card's front from OCR lines. The card prints
 * 姓名, 出生年月日 民國YY年M月D日, 性別 男/女, 發證日期 民國YYY年M月D日 (…)換發 and
 * 統一編號 A123456789. Dates are ROC-calendar (民國 year + 1911).
 *
 * Besides the page's lines, the reader may pass `rereads`: each value's region of the card
 * read again on its own, several times (other scales and filters). Each reading is a vote;
 * the name is voted character by character, a date by its whole value.
 */

export interface OcrLine {
  text: string;
  /** 0-100 as OCR engines report it. */
  confidence: number;
  /** The line's words (for Chinese, mostly one character each) with their confidences. */
  words?: ReadonlyArray<{ text: string; confidence: number }>;
}

/** Each value's region read again on its own (see the top comment); any may be empty. */
export interface FieldRereads {
  name?: readonly OcrLine[];
  birthDate?: readonly OcrLine[];
  issueDate?: readonly OcrLine[];
}

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;

/** Full-width to ASCII, every whitespace out (OCR puts spaces between Chinese characters). */
export function normalizeOcrLine(text: string): string {
  return text
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[﹙﹚]/g, (c) => (c === '﹙' ? '(' : ')'))
    .replace(/\s+/g, '');
}

/** ROC year/month/day → AD `YYYY-MM-DD`, or null when no such date exists. */
export function rocToIsoDate(rocYear: number, month: number, day: number): string | null {
  if (!Number.isInteger(rocYear) || rocYear < 1 || rocYear > 200) return null;
  const year = rocYear + 1911;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const ROC_DATE = /民[國圖国囯]?(\d{1,3})年(\d{1,2})月(\d{1,2})日/;
const NAME_CHARS = /[\u4e00-\u9fff·]+/g;
/** Characters that are none of the card's: OCR's stray marks between words. */
const STRAY = /[^\u4e00-\u9fffA-Za-z0-9()·]/g;

const clean = (text: string) => normalizeOcrLine(text).replace(STRAY, '');

/** Below this (0-100) a character at the end of a line is taken for noise (an edge, a mark). */
const NOISE_CONFIDENCE = 45;

/** The line without the low-confidence words that trail it. */
function confidentText(line: OcrLine): string {
  if (!line.words || line.words.length === 0) return clean(line.text);
  const words = [...line.words];
  while (words.length > 0 && (words.at(-1)!.confidence < NOISE_CONFIDENCE || clean(words.at(-1)!.text) === '')) words.pop();
  return clean(words.map((word) => word.text).join(''));
}

/** OCR mix-ups inside the digit part of an ID number. */
function digitsOf(part: string): string {
  return part.replace(/[OoQD]/g, '0').replace(/[Il|]/g, '1').replace(/S/g, '5').replace(/B/g, '8').replace(/Z/g, '2');
}
/** A digit or mark read where the ID number's letter stands: the letters it may be. */
const LETTERS_FOR_MARK: Readonly<Record<string, readonly string[]>> = {
  '0': ['O', 'D', 'Q'], '1': ['I', 'L', 'T', 'J'], '2': ['Z'], '4': ['A'], '5': ['S'], '6': ['G'], '7': ['T'], '8': ['B'],
  '|': ['I', 'L'], '[': ['L'], 乙: ['Z'], '$': ['S'],
};

const clamp01 = (n: number) => Math.max(0, Math.min(1, n));
const conf = (line: OcrLine | undefined) => (line ? clamp01(line.confidence / 100) : 0);
const none = <T extends string>(): ProposedValue<T> => ({ value: null, confidence: 0 });

/**
 * The date most readings agree on (each valid reading one vote, ties to the more confident
 * side); its confidence is the winner's best confidence times its share of the votes.
 */
export function voteDate(readings: readonly ProposedValue[]): ProposedValue {
  const votes = new Map<string, { count: number; best: number }>();
  let total = 0;
  for (const reading of readings) {
    if (!reading.value) continue;
    total += 1;
    const entry = votes.get(reading.value) ?? { count: 0, best: 0 };
    entry.count += 1;
    entry.best = Math.max(entry.best, reading.confidence);
    votes.set(reading.value, entry);
  }
  let winner: [string, { count: number; best: number }] | null = null;
  for (const entry of votes) {
    if (!winner || entry[1].count > winner[1].count || (entry[1].count === winner[1].count && entry[1].best > winner[1].best)) winner = entry;
  }
  return winner ? { value: winner[0], confidence: winner[1].best * (winner[1].count / total) } : none();
}

/** Names are 2 to 6 characters (a compound surname and a two-character given name: 4). */
const NAME_LENGTH = { min: 2, max: 6 };

/**
 * The name the readings agree on: the most common length among them, then at each position
 * the character with the highest summed confidence. Its confidence: the mean confidence of
 * the readings that read it whole, times, at the least agreed position, the winner's share
 * against the runner-up (a stray third reading does not lower it, a close second does).
 */
export function voteName(readings: ReadonlyArray<{ chars: string; confidence: number }>): ProposedValue {
  const usable = readings
    .map((reading) => ({ chars: [...reading.chars], confidence: clamp01(reading.confidence) }))
    .filter((reading) => reading.chars.length >= NAME_LENGTH.min && reading.chars.length <= NAME_LENGTH.max);
  if (usable.length === 0) return none();
  const lengths = new Map<number, number>();
  for (const reading of usable) lengths.set(reading.chars.length, (lengths.get(reading.chars.length) ?? 0) + 1 + reading.confidence / 100);
  const length = [...lengths].sort((a, b) => b[1] - a[1])[0]![0];
  const same = usable.filter((reading) => reading.chars.length === length);
  const weight = (reading: { confidence: number }) => 0.01 + reading.confidence;
  let chars = '';
  let margin = 1;
  for (let at = 0; at < length; at += 1) {
    const tally = new Map<string, number>();
    for (const reading of same) tally.set(reading.chars[at]!, (tally.get(reading.chars[at]!) ?? 0) + weight(reading));
    const [first, second] = [...tally].sort((a, b) => b[1] - a[1]);
    chars += first![0];
    margin = Math.min(margin, first![1] / (first![1] + (second?.[1] ?? 0)));
  }
  const agreeing = same.filter((reading) => reading.chars.join('') === chars);
  const mean = agreeing.length > 0 ? agreeing.reduce((acc, reading) => acc + reading.confidence, 0) / agreeing.length : 0;
  return { value: chars, confidence: margin * mean };
}

function dateOn(line: OcrLine | undefined): ProposedValue {
  if (!line) return none();
  const match = ROC_DATE.exec(clean(line.text));
  if (!match) return none();
  const iso = rocToIsoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return iso ? { value: iso, confidence: conf(line) } : none();
}

/**
 * ID number candidates, best first, each with its line and how much it was repaired: as
 * printed (a letter and nine digits), then with digit look-alikes fixed, then with a digit
 * read in the letter's place turned into its letter (Z read as 2).
 */
function idCandidates(lines: readonly OcrLine[]): Array<{ id: string; line: OcrLine; penalty: number }> {
  const found: Array<{ id: string; line: OcrLine; penalty: number }> = [];
  for (const line of lines) {
    const text = normalizeOcrLine(line.text).toUpperCase().replace(/[^A-Z0-9|[乙$]/g, '');
    for (const match of text.matchAll(/[A-Z][0-9A-D][0-9]{8}/g)) found.push({ id: match[0], line, penalty: 0 });
    for (const match of text.matchAll(/[A-Z][0-9A-DOQIL|SBZ][0-9OQDIL|SBZ]{8}/g)) {
      const raw = match[0];
      const second = /[A-D]/.test(raw[1] ?? '') ? raw[1] : digitsOf(raw[1] ?? '');
      found.push({ id: `${raw[0]}${second}${digitsOf(raw.slice(2))}`, line, penalty: 0.15 });
    }
    // Ten digits at the end of a run: the first may be the letter misread.
    // Only when exactly one of the look-alike letters passes the checksum: never a guess.
    for (const match of text.matchAll(/[0-9|[乙$][0-9]{9}(?![0-9])/g)) {
      const raw = match[0];
      const passing = (LETTERS_FOR_MARK[raw[0] ?? ''] ?? [])
        .map((letter) => `${letter}${raw.slice(1)}`)
        .filter((id) => isValidTaiwanIdentityNumber(id));
      if (passing.length === 1) found.push({ id: passing[0]!, line, penalty: 0.3 });
    }
  }
  return found.sort((a, b) => a.penalty - b.penalty);
}

/**
 * `lines`: the page read with the Chinese model; `asciiLines`: optionally the same page
 * read again restricted to A-Z and digits (better at the ID number's letter); `rereads`:
 * optionally each value's region read again (votes with the page's reading).
 */
export function parseIdCardFront(
  lines: readonly OcrLine[],
  asciiLines: readonly OcrLine[] = [],
  rereads: FieldRereads = {},
): IdCardFrontReading {
  const norm = lines.map((line) => ({ line, text: clean(line.text) })).filter((entry) => entry.text !== '');

  // 姓名: the Chinese characters after 名 (the label is often misread, 名 less so), else
  // the line after the title without its two label characters.
  const nameFrom = (text: string): string => (text.match(NAME_CHARS) ?? []).join('');
  const labelled = norm.find((entry) => {
    const at = entry.text.indexOf('名');
    return at >= 0 && at <= 2 && !entry.text.includes('身分');
  });
  const titleIndex = norm.findIndex((entry) => entry.text.includes('身分') || entry.text.includes('中華民國'));
  let candidate: { chars: string; line: OcrLine } | null = null;
  if (labelled) candidate = { chars: nameFrom(confidentText(labelled.line).split('名').slice(1).join('名')), line: labelled.line };
  else if (titleIndex >= 0 && norm[titleIndex + 1] && !ROC_DATE.test(norm[titleIndex + 1]!.text)) {
    const next = norm[titleIndex + 1]!;
    candidate = { chars: nameFrom(confidentText(next.line)).slice(2), line: next.line };
  }
  // The rereads, when they read a name, vote without the page's reading (at the page's
  // size the bold name is misread most); a 名 in one is the label's edge caught by the crop.
  const reread = voteName((rereads.name ?? []).map((line) => ({ chars: nameFrom(clean(line.text).split('名').at(-1) ?? ''), confidence: conf(line) })));
  const name = reread.value ? reread : voteName(candidate ? [{ chars: candidate.chars, confidence: conf(candidate.line) }] : []);

  // Dates: the line with 發證/換發/補發/初發 is the issue date; the other 民國 date the birth date.
  const isIssue = (text: string) => /發證|換發|補發|初發|日期/.test(text);
  const dated = norm.filter((entry) => ROC_DATE.test(entry.text));
  const issueEntry = dated.find((entry) => isIssue(entry.text)) ?? (dated.length >= 2 ? dated[dated.length - 1] : undefined);
  const birthEntry = dated.find((entry) => entry !== issueEntry);
  const issueDate = voteDate([dateOn(issueEntry?.line), ...(rereads.issueDate ?? []).map(dateOn)]);
  const birthDate = voteDate([dateOn(birthEntry?.line), ...(rereads.birthDate ?? []).map(dateOn)]);

  // 性別: 男 or 女 on the label's line (性 or 別 read), else a short line holding one.
  let cardGender: ProposedValue<'male' | 'female'> = none();
  const genderEntry =
    norm.find((entry) => /性|別/.test(entry.text) && /[男女]/.test(entry.text) && !ROC_DATE.test(entry.text)) ??
    norm.find((entry) => entry.text.length <= 4 && /[男女]/.test(entry.text));
  if (genderEntry) {
    const male = genderEntry.text.includes('男');
    const female = genderEntry.text.includes('女');
    if (male !== female) cardGender = { value: male ? 'male' : 'female', confidence: conf(genderEntry.line) };
  }

  // 統一編號: never proposed unless the checksum holds.
  const candidates = idCandidates([...asciiLines, ...lines]);
  const valid = candidates.find((c) => isValidTaiwanIdentityNumber(c.id));
  const idNumber: ProposedValue = valid ? { value: valid.id, confidence: clamp01(conf(valid.line) - valid.penalty) } : none();
  const idNumberRejected = !valid && candidates.length > 0;

  // Gender cross-checked with the ID number's gender digit.
  const idGender = valid ? genderOfIdentityNumber(valid.id) : null;
  let gender = cardGender;
  let genderConflict = false;
  if (idGender && cardGender.value && idGender !== cardGender.value) {
    genderConflict = true;
    gender = { value: cardGender.value, confidence: Math.min(cardGender.confidence, 0.3) };
  } else if (idGender && !cardGender.value) {
    gender = { value: idGender, confidence: idNumber.confidence * 0.9 };
  } else if (idGender && cardGender.value === idGender) {
    gender = { value: idGender, confidence: Math.max(cardGender.confidence, idNumber.confidence) };
  }

  return { fields: { name, idNumber, birthDate, gender, issueDate }, idNumberRejected, genderConflict };
}
