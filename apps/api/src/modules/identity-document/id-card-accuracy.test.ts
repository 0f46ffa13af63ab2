import { afterAll, describe, expect, it } from 'vitest';
import { ID_CARD_FIELDS, LOW_CONFIDENCE } from '@app/contract/schemas/identity-document.ts';
import { isValidTaiwanIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { IdCardFrontReading } from './ocr-engine.ts';
import { TesseractIdCardReader } from './tesseract-ocr-engine.ts';
import { LOOK_ALIKE_NAMES, lookAlikeCards, testCard, variedTestCard, type CardPerson } from './test-id-cards.ts';

/**
 * The real reader (tesseract.js and the PaddleOCR line model, offline) on ID-card-like fronts drawn here (test-id-cards.ts:
 * the card's layout in Noto CJK, slightly rotated, with grain and blur; the look-alike cases
 * also in other typefaces, with glare and reflections). No timing is asserted (npm run
 * bench:kyc measures it).
 *
 * The product's bar: every field of at least 95% of the cards (19 of 20) read right or
 * offered as a one-tap choice that holds the card's value, the ID number of each read
 * exactly, and never a value that is not the card's shown as confident (docs/benchmarks.md
 * has the exact counts; decision 0145).
 */
const CARDS = 20;
const WRONG_CHECKSUM_CARDS = 5;
/** Cards (of 20) read right in every field: 95%. */
const WHOLE_CARDS_BAR = 19;
/** The harder cards read here (other typefaces, glare, reflections, an angle): the first of the bench's 40. */
const HARDER_CARDS = 8;
/** Of them, names read exactly (the bench's 40: 35 exact, 4 offered; Tesseract alone 19 and 10). */
const HARDER_EXACT_NAMES_BAR = 5;

const reader = new TesseractIdCardReader();
afterAll(() => reader.release());

type Fields = IdCardFrontReading['fields'];

/** Each field of the reading against the card: exact, offered among choices, asked, or wrong shown as confident. */
function judge(fields: Fields, person: CardPerson): { misses: string[]; confidentWrong: string[] } {
  const misses: string[] = [];
  const confidentWrong: string[] = [];
  for (const field of ID_CARD_FIELDS) {
    const { value, confidence, choices } = fields[field] as { value: string | null; confidence: number; choices?: string[] };
    const truth = person[field];
    if (value !== null && value !== truth && confidence >= LOW_CONFIDENCE)
      confidentWrong.push(`${field} ${value}@${confidence.toFixed(2)}≠${truth}`);
    if (value === truth || (value === null && choices?.includes(truth))) continue;
    misses.push(`${field} ${String(value)}${choices ? `[${choices.join(',')}]` : ''}≠${truth}`);
  }
  return { misses, confidentWrong };
}

describe('reading generated ID card fronts', () => {
  it(`reads every field of at least ${WHOLE_CARDS_BAR} of the ${CARDS} cards, the ID number of each, nothing wrong shown as confident`, async () => {
    let idNumbers = 0;
    let whole = 0;
    const misses: string[] = [];
    const confidentWrong: string[] = [];
    for (let i = 0; i < CARDS; i += 1) {
      const { person, image } = testCard(i);
      const { fields } = await reader.readFront(image);
      const judged = judge(fields, person);
      misses.push(...judged.misses.map((m) => `card ${i}: ${m}`));
      confidentWrong.push(...judged.confidentWrong.map((m) => `card ${i}: ${m}`));
      if (fields.idNumber.value === person.idNumber) idNumbers += 1;
      if (judged.misses.length === 0) whole += 1;
    }
    // The ID number is the field a wrong read costs most: every card, exactly.
    expect(idNumbers, misses.join('\n')).toBe(CARDS);
    expect(whole, misses.join('\n')).toBeGreaterThanOrEqual(WHOLE_CARDS_BAR);
    expect(confidentWrong).toEqual([]);
  }, 300_000);

  it(`reads the name on harder cards (other typefaces, glare, an angle): each exact or offered, at least ${HARDER_EXACT_NAMES_BAR} of ${HARDER_CARDS} exact, none wrong as confident`, async () => {
    let exact = 0;
    const misses: string[] = [];
    for (let i = 0; i < HARDER_CARDS; i += 1) {
      const { person, image } = variedTestCard(i);
      const { name } = (await reader.readFront(image)).fields;
      if (name.value === person.name) exact += 1;
      else if (name.value === null && name.choices?.includes(person.name)) continue;
      // A name that is not the card's is never shown as confident.
      else {
        misses.push(
          `card ${i}: ${String(name.value)}@${name.confidence.toFixed(2)}${name.choices ? `[${name.choices.join(',')}]` : ''}≠${person.name}`,
        );
        if (name.value !== null) expect(name.confidence, misses.at(-1)).toBeLessThan(LOW_CONFIDENCE);
      }
    }
    expect(misses).toEqual([]);
    expect(exact).toBeGreaterThanOrEqual(HARDER_EXACT_NAMES_BAR);
  }, 300_000);

  it('reads an ID number the A-Z pass does not read (a harder card: its line read by the line model)', async () => {
    // Card 37 of the bench's harder set: Tesseract's passes found no number on it (decision 0189).
    const { person, image } = variedTestCard(37);
    const { idNumber } = (await reader.readFront(image)).fields;
    expect(idNumber.value).toBe(person.idNumber);
    expect(idNumber.confidence).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
  }, 60_000);

  it('never proposes an ID number printed with a wrong checksum', async () => {
    for (let i = 0; i < WRONG_CHECKSUM_CARDS; i += 1) {
      const { person, image } = testCard(i, { wrongChecksum: true });
      expect(isValidTaiwanIdentityNumber(person.idNumber)).toBe(false);
      const reading = await reader.readFront(image);
      expect(reading.fields.idNumber.value).not.toBe(person.idNumber);
      expect(reading.fields.idNumber.choices ?? []).not.toContain(person.idNumber);
      // Whatever is proposed passed the checksum (a misread digit may, by chance, pass).
      if (reading.fields.idNumber.value !== null) expect(isValidTaiwanIdentityNumber(reading.fields.idNumber.value)).toBe(true);
    }
  }, 120_000);

  it('names with look-alikes of the same radical and IDs starting with O, D or Q: the card’s value or a choice holding it, never a confident wrong one', async () => {
    const cards = lookAlikeCards();
    const misses: string[] = [];
    const confidentWrong: string[] = [];
    for (const { person, image, label } of cards) {
      const reading = await reader.readFront(image);
      const { fields } = reading;
      const judged = judge(fields, person);
      misses.push(...judged.misses.map((m) => `${label}: ${m}`));
      confidentWrong.push(...judged.confidentWrong.map((m) => `${label}: ${m}`));
      // 性別 read on every card (its own crop), never noise.
      expect(fields.gender.value, label).toBe(person.gender);
      const letter = person.idNumber.charAt(0);
      const digits = person.idNumber.slice(1);
      if (letter === 'O') {
        // Read as 0 or (: only the letter is asked, the digits kept; O, D and Q all pass.
        expect(fields.idNumber, label).toEqual({
          value: null,
          confidence: expect.any(Number),
          choices: ['D', 'O', 'Q'].map((l) => l + digits),
        });
        expect(fields.idNumber.confidence, label).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
      } else if (letter === 'D' || letter === 'Q') {
        // Both passes read the letter: proposed; else the same choice as an O.
        expect(fields.idNumber.value === person.idNumber || fields.idNumber.choices?.includes(person.idNumber), label).toBe(true);
      }
    }
    expect(confidentWrong).toEqual([]);
    expect(misses).toEqual([]);
    // Each of the names is among the cards.
    for (const name of LOOK_ALIKE_NAMES) expect(cards.some((card) => card.person.name === name)).toBe(true);
  }, 300_000);
});
