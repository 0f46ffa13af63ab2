import { LOW_CONFIDENCE } from '@app/contract/schemas/identity-document.ts';
import { genderOfIdentityNumber, isValidTaiwanIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { IdCardFrontReading, ProposedValue } from './ocr-engine.ts';
import type { RecognizedLine } from './ppocr-line-reader.ts';
import { isSurnameStart } from './surnames.ts';

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
  words?: ReadonlyArray<{ text: string; confidence: number; symbols?: ReadonlyArray<{ text: string; confidence: number }> }>;
}

/** Each value's region read again on its own (see the top comment); any may be empty. */
export interface FieldRereads {
  name?: readonly OcrLine[];
  birthDate?: readonly OcrLine[];
  issueDate?: readonly OcrLine[];
  /** 性別's value read alone, one character (男 or 女). */
  gender?: readonly OcrLine[];
  /** The name's region read by the line model (ppocr-line-reader.ts). */
  nameLine?: RecognizedLine;
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
/** Characters that are none of the card's: OCR's stray marks between words. */
const STRAY = /[^\u4e00-\u9fffA-Za-z0-9()·]/g;

const clean = (text: string) => normalizeOcrLine(text).replace(STRAY, '');

/** Below this (0-100) a character at the end of a line is taken for noise (an edge, a mark). */
const NOISE_CONFIDENCE = 45;

/** OCR mix-ups inside the digit part of an ID number. */
function digitsOf(part: string): string {
  return part
    .replace(/[OoQD]/g, '0')
    .replace(/[Il|]/g, '1')
    .replace(/S/g, '5')
    .replace(/B/g, '8')
    .replace(/Z/g, '2');
}
/**
 * A digit or mark read where the ID number's letter stands: the letters it may be. O, D
 * and Q weigh alike in the checksum (35, 13, 24: each adds 8): when one passes, all do.
 */
const LETTERS_FOR_MARK: Readonly<Record<string, readonly string[]>> = {
  '0': ['O', 'D', 'Q'],
  '(': ['C', 'G', 'O', 'D', 'Q'],
  '1': ['I', 'L', 'T', 'J'],
  '2': ['Z'],
  '4': ['A'],
  '5': ['S'],
  '6': ['G'],
  '7': ['T'],
  '8': ['B'],
  '|': ['I', 'L'],
  '[': ['L'],
  乙: ['Z'],
  $: ['S'],
};
/** Letters another letter of the first place may be misread for, that the checksum cannot tell apart. */
const SAME_WEIGHT_LOOK_ALIKES: Readonly<Record<string, readonly string[]>> = { O: ['D', 'Q'], D: ['O', 'Q'], Q: ['O', 'D'] };

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
    if (!winner || entry[1].count > winner[1].count || (entry[1].count === winner[1].count && entry[1].best > winner[1].best))
      winner = entry;
  }
  return winner ? { value: winner[0], confidence: winner[1].best * (winner[1].count / total) } : none();
}

/** Names are 2 to 6 characters (a compound surname and a two-character given name: 4). */
const NAME_LENGTH = { min: 2, max: 6 };

/** One character as a reading saw it, with its own confidence (0-1). */
export interface CharReading {
  char: string;
  confidence: number;
  /** The reading's second likeliest character at this place (a look-alike), when it gave one. */
  runnerUp?: { char: string; confidence: number };
}

/** A reading of the whole name: its characters, and how much its vote weighs (1 unless said). */
export interface NameReading {
  chars: readonly CharReading[];
  weight?: number;
}

/**
 * Below this share of a position's confidence the runner-up is a real alternative (a
 * look-alike of the same radical read about as surely): the position is contested.
 */
const CONTESTED_SHARE = 0.8;
/**
 * A name whose surname was settled by the surname list (surnames.ts) rather than by the
 * readings is proposed under the low-confidence mark (this share of it): prefilled, and the
 * borrower asked to check it.
 */
const SURNAME_RULED_CONFIDENCE = 0.9;
/** The page's reading of the name weighs as much as this many crop readings. */
const PAGE_NAME_WEIGHT = 1;

/**
 * The name every reading (the page's and the crops') agrees on: the most common length
 * among them, then at each position the character with the highest sum of the readings'
 * confidences in that very character (a look-alike read unsurely weighs little, the same
 * character read surely by the page weighs a lot). Its confidence: at the least agreed
 * position, the winner's share against the runner-up times the winner's mean confidence.
 * When that is under LOW_CONFIDENCE and one position alone is contested, the value is
 * left out and the two names offered (`choices`): the user picks, nothing is guessed. The
 * first position contested between a surname and a character that is none goes to the
 * surname, and the name is proposed under LOW_CONFIDENCE (the borrower checks it).
 */
export function voteName(readings: readonly NameReading[], lowConfidence: number): ProposedValue {
  const usable = readings.filter((reading) => reading.chars.length >= NAME_LENGTH.min && reading.chars.length <= NAME_LENGTH.max);
  if (usable.length === 0) return none();
  const meanOf = (chars: readonly CharReading[]) => chars.reduce((acc, c) => acc + c.confidence, 0) / chars.length;
  const lengths = new Map<number, number>();
  for (const reading of usable)
    lengths.set(reading.chars.length, (lengths.get(reading.chars.length) ?? 0) + (reading.weight ?? 1) * (1 + meanOf(reading.chars)));
  const length = [...lengths].sort((a, b) => b[1] - a[1])[0]![0];
  const same = usable.filter((reading) => reading.chars.length === length);
  const winners: string[] = [];
  const contested: Array<{ at: number; runnerUp: string }> = [];
  let confidence = 1;
  for (let at = 0; at < length; at += 1) {
    const tally = new Map<string, { sum: number; confidences: number[] }>();
    for (const reading of same) {
      const { char, confidence: c } = reading.chars[at]!;
      const entry = tally.get(char) ?? { sum: 0, confidences: [] };
      entry.sum += (reading.weight ?? 1) * (0.01 + clamp01(c));
      entry.confidences.push(clamp01(c));
      tally.set(char, entry);
      const runnerUp = reading.chars[at]!.runnerUp;
      if (runnerUp && runnerUp.char !== char) {
        const other = tally.get(runnerUp.char) ?? { sum: 0, confidences: [] };
        other.sum += (reading.weight ?? 1) * clamp01(runnerUp.confidence);
        tally.set(runnerUp.char, other);
      }
    }
    const [first, second] = [...tally].sort((a, b) => b[1].sum - a[1].sum);
    const share = first![1].sum / (first![1].sum + (second?.[1].sum ?? 0));
    // The surname between a surname and a look-alike that is none: proposed, and asked.
    if (at === 0 && second && share < CONTESTED_SHARE && isSurnameStart(first![0]) !== isSurnameStart(second[0])) {
      const [char, entry] = isSurnameStart(first![0]) ? first! : second;
      winners.push(char);
      const mean = entry.confidences.reduce((acc, c) => acc + c, 0) / entry.confidences.length;
      confidence = Math.min(confidence, mean, SURNAME_RULED_CONFIDENCE * lowConfidence);
      continue;
    }
    const mean = first![1].confidences.reduce((acc, c) => acc + c, 0) / first![1].confidences.length;
    winners.push(first![0]);
    if (second && share < CONTESTED_SHARE) contested.push({ at, runnerUp: second[0] });
    confidence = Math.min(confidence, share * mean);
  }
  const value = winners.join('');
  if (confidence >= lowConfidence) return { value, confidence };
  if (contested.length === 1) {
    const { at, runnerUp } = contested[0]!;
    const other = winners.map((char, i) => (i === at ? runnerUp : char)).join('');
    return { value: null, confidence: 0, choices: [value, other] };
  }
  return { value, confidence };
}

function dateOn(line: OcrLine | undefined): ProposedValue {
  if (!line) return none();
  const match = ROC_DATE.exec(clean(line.text));
  if (!match) return none();
  const iso = rocToIsoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  return iso ? { value: iso, confidence: conf(line) } : none();
}

/** The line's characters, each with its own confidence (its symbol's, else its word's, else the line's). */
export function charsOf(line: OcrLine): CharReading[] {
  const chars: CharReading[] = [];
  if (!line.words || line.words.length === 0) {
    for (const char of clean(line.text)) chars.push({ char, confidence: conf(line) });
    return chars;
  }
  for (const word of line.words) {
    const text = [...clean(word.text)];
    const symbols = (word.symbols ?? [])
      .map((symbol) => ({ char: clean(symbol.text), confidence: clamp01(symbol.confidence / 100) }))
      .filter((symbol) => symbol.char !== '');
    const bySymbol = symbols.length === text.length && symbols.every((symbol, i) => symbol.char === text[i]);
    text.forEach((char, i) => chars.push(bySymbol ? symbols[i]! : { char, confidence: clamp01(word.confidence / 100) }));
  }
  return chars;
}

/** One place in the text where an ID number stands, as the checksum leaves it. */
type IdSighting =
  /** One number: the letter read (or the only look-alike of a mark that passes) and the digits. */
  | { kind: 'sure'; id: string; confidence: number; letterRead: boolean }
  /** The digits, and letters that all pass (O, D, Q): the letter is in doubt. */
  | { kind: 'letter'; ids: string[]; digits: string; confidence: number; letterRead: string | null }
  /** Shaped like an ID number, passing with no letter. */
  | { kind: 'rejected' };

const ID_FIRST = /^[A-Z0-9|[乙$(]$/;
const ID_REST = /^[0-9A-DOQIL|SBZ]$/;

/**
 * Every ten-character stretch of the line shaped like an ID number (a letter or a mark
 * read for one, then nine digits or their look-alikes), checked by the checksum. A letter
 * read is never replaced by another (a number printed with a wrong checksum stays
 * refused); a digit or mark read in the letter's place is, by each letter it may be.
 */
function idSightings(line: OcrLine): IdSighting[] {
  const chars = charsOf({
    ...line,
    text: line.text.toUpperCase(),
    words: line.words?.map((w) => ({
      ...w,
      text: w.text.toUpperCase(),
      symbols: w.symbols?.map((s) => ({ ...s, text: s.text.toUpperCase() })),
    })),
  })
    .map((c) => ({ ...c, char: c.char === ')' ? '' : c.char }))
    .filter((c) => c.char !== '');
  const sightings: IdSighting[] = [];
  for (let at = 0; at + 10 <= chars.length; at += 1) {
    const window = chars.slice(at, at + 10);
    const first = window[0]!.char;
    const rest = window.slice(1);
    if (!ID_FIRST.test(first) || !rest.every((c) => ID_REST.test(c.char))) continue;
    const restRaw = rest.map((c) => c.char).join('');
    if (restRaw.replace(/[^0-9]/g, '').length < 7) continue;
    const second = /[A-D]/.test(restRaw[0]!) && /^[A-Z]$/.test(first) ? restRaw[0]! : digitsOf(restRaw[0]!);
    const digits = second + digitsOf(restRaw.slice(1));
    const repaired = digits !== restRaw;
    const digitsConfidence = Math.min(...rest.map((c) => c.confidence)) - (repaired ? 0.15 : 0);
    if (/^[A-Z]$/.test(first)) {
      if (!isValidTaiwanIdentityNumber(first + digits)) {
        sightings.push({ kind: 'rejected' });
        continue;
      }
      const alike = (SAME_WEIGHT_LOOK_ALIKES[first] ?? []).filter((letter) => isValidTaiwanIdentityNumber(letter + digits));
      if (alike.length === 0) sightings.push({ kind: 'sure', id: first + digits, confidence: digitsConfidence, letterRead: true });
      else
        sightings.push({
          kind: 'letter',
          ids: [first, ...alike].sort().map((l) => l + digits),
          digits,
          confidence: digitsConfidence,
          letterRead: first,
        });
      continue;
    }
    // A digit in the letter's place only where the run of digits ends (ten digits at the end
    // of a longer run: the first of them stands where the letter does).
    if (/[0-9]/.test(chars[at + 10]?.char ?? '')) continue;
    const passing = (LETTERS_FOR_MARK[first] ?? []).filter((letter) => isValidTaiwanIdentityNumber(letter + digits));
    if (passing.length === 1)
      sightings.push({ kind: 'sure', id: passing[0]! + digits, confidence: digitsConfidence - 0.1, letterRead: false });
    else if (passing.length > 1)
      sightings.push({
        kind: 'letter',
        ids: [...passing].sort().map((l) => l + digits),
        digits,
        confidence: digitsConfidence,
        letterRead: null,
      });
    else sightings.push({ kind: 'rejected' });
  }
  return sightings;
}

/**
 * The ID number from both passes' sightings. A number is proposed when read with a letter
 * (or a mark only one look-alike letter of which passes); O, D and Q, which the checksum
 * cannot tell apart, only when both passes read the same letter. Two different numbers
 * read: the more confident, its confidence halved. Otherwise, with the digits read and
 * the letter in doubt: no value, the numbers each letter makes as `choices`.
 */
function idNumberOf(asciiLines: readonly OcrLine[], lines: readonly OcrLine[]): { idNumber: ProposedValue; rejected: boolean } {
  const perPass = [asciiLines, lines].map((pass) => pass.flatMap(idSightings));
  const all = perPass.flat();
  const sure = new Map<string, number>();
  const add = (id: string, confidence: number) => sure.set(id, Math.max(sure.get(id) ?? 0, confidence));
  for (const sighting of all) if (sighting.kind === 'sure') add(sighting.id, sighting.confidence);
  // O, D or Q read as that very letter by both passes.
  const lettersRead = perPass.map(
    (pass) => new Map(pass.flatMap((s) => (s.kind === 'letter' && s.letterRead ? [[s.letterRead + s.digits, s.confidence] as const] : []))),
  );
  for (const [id, confidence] of lettersRead[0]!) if (lettersRead[1]!.has(id)) add(id, Math.max(confidence, lettersRead[1]!.get(id)!));
  const ranked = [...sure].sort((a, b) => b[1] - a[1]);
  if (ranked.length > 0) {
    const [id, confidence] = ranked[0]!;
    const disagreed = ranked.length > 1;
    return { idNumber: { value: id, confidence: clamp01(disagreed ? confidence / 2 : confidence) }, rejected: false };
  }
  const doubts = all.filter((s): s is Extract<IdSighting, { kind: 'letter' }> => s.kind === 'letter');
  const digits = new Set(doubts.map((d) => d.digits));
  if (digits.size === 1) {
    const ids = [...new Set(doubts.flatMap((d) => d.ids))].sort();
    return { idNumber: { value: null, confidence: Math.max(...doubts.map((d) => d.confidence)), choices: ids }, rejected: false };
  }
  return { idNumber: none(), rejected: doubts.length === 0 && all.some((s) => s.kind === 'rejected') };
}

/** 性別's value read alone: 男 or 女 and nothing else, at least this sure (0-1). */
const GENDER_CROP_CONFIDENCE = 0.8;
/** 男 or 女 on the page's 性別 line, at least this sure (a 如 half read is noise). */
const GENDER_PAGE_CONFIDENCE = 0.6;

/**
 * 性別 from its own crop (each reading one character, only 男 or 女 counted; both read:
 * none), else from the page's line when its 男 or 女 is sure enough; else not read.
 */
function cardGenderOf(norm: ReadonlyArray<{ line: OcrLine; text: string }>, rereads: readonly OcrLine[]): ProposedValue<'male' | 'female'> {
  const votes = rereads.flatMap((line) => {
    const chars = charsOf(line);
    const only = chars.length === 1 ? chars[0]! : null;
    return only && /^[男女]$/.test(only.char) && only.confidence >= GENDER_CROP_CONFIDENCE ? [only] : [];
  });
  const kinds = new Set(votes.map((v) => v.char));
  if (kinds.size === 1) {
    return { value: votes[0]!.char === '男' ? 'male' : 'female', confidence: Math.max(...votes.map((v) => v.confidence)) };
  }
  if (kinds.size > 1) return none();
  const entry =
    norm.find((e) => /性|別/.test(e.text) && /[男女]/.test(e.text) && !ROC_DATE.test(e.text)) ??
    norm.find((e) => e.text.length <= 4 && /[男女]/.test(e.text));
  if (!entry) return none();
  const marks = charsOf(entry.line).filter((c) => /^[男女]$/.test(c.char));
  const kindsOnLine = new Set(marks.map((c) => c.char));
  const best = Math.max(...marks.map((c) => c.confidence));
  if (kindsOnLine.size !== 1 || best < GENDER_PAGE_CONFIDENCE) return none();
  return { value: marks[0]!.char === '男' ? 'male' : 'female', confidence: best };
}

/**
 * The line model's reading of the name weighs as much as this many Tesseract readings (decision
 * 0189): chosen on the 81 generated cards of `npm run bench:kyc -- ocr`, the middle of the
 * weights (11-14) that read the most names exactly with none wrong shown as confident; from 16
 * its 蘇柏酒 for 蘇柏涵 was proposed as sure.
 */
const LINE_MODEL_NAME_WEIGHT = 12;

/**
 * The line model's name: the characters after the label's 名 when the crop caught it. None
 * when the model skipped a character (one outside its alphabet), nor when at least half of
 * three or more Tesseract readings agree on another length (a stray mark read as a
 * character): its weight would otherwise impose a name of the wrong length.
 */
function nameByLineModel(line: RecognizedLine | undefined, others: readonly NameReading[]): NameReading[] {
  if (!line || line.missing) return [];
  const label = line.chars.map((c) => c.char).lastIndexOf('名');
  const chars = line.chars.slice(label + 1).filter((c) => NAME_CHAR.test(c.char));
  if (chars.length === 0) return [];
  const lengths = new Map<number, number>();
  for (const reading of others) lengths.set(reading.chars.length, (lengths.get(reading.chars.length) ?? 0) + 1);
  const [common, count] = [...lengths].sort((a, b) => b[1] - a[1])[0] ?? [chars.length, 0];
  if (others.length >= 3 && count * 2 >= others.length && common !== chars.length) return [];
  return [{ chars, weight: LINE_MODEL_NAME_WEIGHT }];
}

/** Below this (0-1) a character ending the page's name line is taken for noise (an edge, a mark). */
const NAME_TAIL_NOISE = NOISE_CONFIDENCE / 100;
const NAME_CHAR = /^[\u4e00-\u9fff·]$/;

/**
 * `lines`: the page read with the Chinese model; `asciiLines`: optionally the same page
 * read again restricted to A-Z and digits (better at the ID number's letter); `rereads`:
 * optionally each value's region read again (votes with the page's reading).
 * `lowConfidence`: the confidence (0-1) under which the page asks the user to check a
 * value; a name less sure than that with one contested character is offered as two choices.
 */
export function parseIdCardFront(
  lines: readonly OcrLine[],
  asciiLines: readonly OcrLine[] = [],
  rereads: FieldRereads = {},
  lowConfidence = LOW_CONFIDENCE,
): IdCardFrontReading {
  const norm = lines.map((line) => ({ line, text: clean(line.text) })).filter((entry) => entry.text !== '');

  // 姓名: the Chinese characters after 名 (the label is often misread, 名 less so), else
  // the line after the title without its two label characters; trailing unsure marks dropped.
  const labelled = norm.find((entry) => {
    const at = entry.text.indexOf('名');
    return at >= 0 && at <= 2 && !entry.text.includes('身分');
  });
  const titleIndex = norm.findIndex((entry) => entry.text.includes('身分') || entry.text.includes('中華民國'));
  let pageName: CharReading[] = [];
  if (labelled) {
    const chars = charsOf(labelled.line);
    pageName = chars.slice(chars.findIndex((c) => c.char === '名') + 1);
  } else if (titleIndex >= 0 && norm[titleIndex + 1] && !ROC_DATE.test(norm[titleIndex + 1]!.text)) {
    pageName = charsOf(norm[titleIndex + 1]!.line)
      .filter((c) => NAME_CHAR.test(c.char))
      .slice(2);
  }
  while (pageName.length > 0 && (pageName.at(-1)!.confidence < NAME_TAIL_NOISE || !NAME_CHAR.test(pageName.at(-1)!.char))) pageName.pop();
  pageName = pageName.filter((c) => NAME_CHAR.test(c.char));
  // Every reading votes, the page's with the crops' (each crop reading after its last 名,
  // the label's edge caught by the crop), each character by its own confidence.
  const cropNames = (rereads.name ?? []).map((line) => {
    const chars = charsOf(line);
    const label = chars.map((c) => c.char).lastIndexOf('名');
    return { chars: chars.slice(label + 1).filter((c) => NAME_CHAR.test(c.char)) };
  });
  const tesseractNames = [...(pageName.length > 0 ? [{ chars: pageName, weight: PAGE_NAME_WEIGHT }] : []), ...cropNames];
  const name = voteName([...tesseractNames, ...nameByLineModel(rereads.nameLine, tesseractNames)], lowConfidence);

  // Dates: the line with 發證/換發/補發/初發 is the issue date; the other 民國 date the birth date.
  const isIssue = (text: string) => /發證|換發|補發|初發|日期/.test(text);
  const dated = norm.filter((entry) => ROC_DATE.test(entry.text));
  const issueEntry = dated.find((entry) => isIssue(entry.text)) ?? (dated.length >= 2 ? dated[dated.length - 1] : undefined);
  const birthEntry = dated.find((entry) => entry !== issueEntry);
  const issueDate = voteDate([dateOn(issueEntry?.line), ...(rereads.issueDate ?? []).map(dateOn)]);
  const birthDate = voteDate([dateOn(birthEntry?.line), ...(rereads.birthDate ?? []).map(dateOn)]);

  const cardGender = cardGenderOf(norm, rereads.gender ?? []);

  // 統一編號: never proposed unless the checksum holds.
  const { idNumber: readId, rejected: idNumberRejected } = idNumberOf(asciiLines, lines);
  let idNumber = readId;

  // Gender cross-checked with the ID number's gender digit (the choices share their digits).
  const idDigits = readId.value ?? readId.choices?.[0] ?? null;
  const idGender = idDigits ? genderOfIdentityNumber(idDigits) : null;
  let gender = cardGender;
  let genderConflict = false;
  let genderFromIdNumber = false;
  if (idGender && cardGender.value && idGender !== cardGender.value) {
    // One of the two is misread: both asked.
    genderConflict = true;
    gender = { value: cardGender.value, confidence: Math.min(cardGender.confidence, 0.3) };
    idNumber = { ...idNumber, confidence: Math.min(idNumber.confidence, 0.3) };
  } else if (idGender && !cardGender.value) {
    genderFromIdNumber = true;
    gender = { value: idGender, confidence: readId.confidence };
  } else if (idGender && cardGender.value === idGender) {
    gender = { value: idGender, confidence: Math.max(cardGender.confidence, readId.confidence) };
  }

  return { fields: { name, idNumber, birthDate, gender, issueDate }, idNumberRejected, genderConflict, genderFromIdNumber };
}
