import { afterAll, describe, expect, it } from 'vitest';
import { ID_CARD_FIELDS } from '@app/contract/schemas/identity-document.ts';
import { isValidTaiwanIdentityNumber } from '@app/contract/validators/national-id.ts';
import { TesseractIdCardReader } from './tesseract-ocr-engine.ts';
import { testCard } from './test-id-cards.ts';

/**
 * The real reader (tesseract.js, offline) on ID-card-like fronts drawn here (test-id-cards.ts:
 * the card's layout in Noto CJK, slightly rotated, with grain and blur). No timing is
 * asserted (npm run bench:kyc measures it).
 *
 * The product's bar: every field of at least 95% of the cards (19 of 20) read right, and
 * the ID number on every card. Today all 20 cards are read whole (name, ID number, birth
 * date, gender, issue date 20/20 each; before the value regions were read again: 13/20,
 * the name 15, birth date 17, issue date 19; docs/benchmarks.md).
 */
const CARDS = 20;
const WRONG_CHECKSUM_CARDS = 5;
/** Cards (of 20) read right in every field: 95%. */
const WHOLE_CARDS_BAR = 19;

const reader = new TesseractIdCardReader();
afterAll(() => reader.release());

describe('reading generated ID card fronts', () => {
  it(`reads every field of at least ${WHOLE_CARDS_BAR} of the ${CARDS} cards, the ID number of each`, async () => {
    let idNumbers = 0;
    let whole = 0;
    const misses: string[] = [];
    for (let i = 0; i < CARDS; i += 1) {
      const { person, image } = testCard(i);
      const { fields } = await reader.readFront(image);
      let all = true;
      for (const field of ID_CARD_FIELDS) {
        if (fields[field].value === person[field]) continue;
        all = false;
        misses.push(`card ${i}: ${field} ${String(fields[field].value)}≠${person[field]}`);
      }
      if (fields.idNumber.value === person.idNumber) idNumbers += 1;
      if (all) whole += 1;
    }
    // The ID number is the field a wrong read costs most: every card.
    expect(idNumbers, misses.join('\n')).toBe(CARDS);
    expect(whole, misses.join('\n')).toBeGreaterThanOrEqual(WHOLE_CARDS_BAR);
  }, 180_000);

  it('never proposes an ID number printed with a wrong checksum', async () => {
    for (let i = 0; i < WRONG_CHECKSUM_CARDS; i += 1) {
      const { person, image } = testCard(i, { wrongChecksum: true });
      expect(isValidTaiwanIdentityNumber(person.idNumber)).toBe(false);
      const reading = await reader.readFront(image);
      expect(reading.fields.idNumber.value).not.toBe(person.idNumber);
      // Whatever is proposed passed the checksum (a misread digit may, by chance, pass).
      if (reading.fields.idNumber.value !== null) expect(isValidTaiwanIdentityNumber(reading.fields.idNumber.value)).toBe(true);
    }
  }, 60_000);
});
