import { LOW_CONFIDENCE } from '@app/contract/schemas/identity-document.ts';
import { describe, expect, it } from 'vitest';
import { isValidTaiwanIdentityNumber } from '@app/contract/validators/national-id.ts';
import { normalizeOcrLine, parseIdCardFront, rocToIsoDate, type OcrLine } from './parse-id-card-front.ts';
import { makeIdNumber, seededRandom } from './test-id-cards.ts';

const lines = (...texts: string[]): OcrLine[] => texts.map((text) => ({ text, confidence: 90 }));
/** A line of one-character words, each with its own confidence (0-100). */
const wordLine = (...chars: Array<[string, number]>): OcrLine => ({
  text: chars.map(([c]) => c).join(' '),
  confidence: 90,
  words: chars.map(([text, confidence]) => ({ text, confidence })),
});

describe('ROC dates', () => {
  it('converts 民國 years (+1911) and refuses dates that do not exist', () => {
    expect(rocToIsoDate(79, 3, 15)).toBe('1990-03-15');
    expect(rocToIsoDate(1, 1, 1)).toBe('1912-01-01');
    expect(rocToIsoDate(113, 2, 29)).toBe('2024-02-29');
    expect(rocToIsoDate(112, 2, 29)).toBeNull();
    expect(rocToIsoDate(80, 13, 1)).toBeNull();
    expect(rocToIsoDate(0, 1, 1)).toBeNull();
  });
});

describe('OCR text', () => {
  it('loses the spaces tesseract puts between Chinese characters, and full-width forms', () => {
    expect(normalizeOcrLine('姓 名 陳 美 玲')).toBe('姓名陳美玲');
    expect(normalizeOcrLine('統 一 編 號 Ａ２３４５６７８９０')).toBe('統一編號A234567890');
  });
});

describe('parseIdCardFront', () => {
  const card = lines(
    '中 華 民 國 國 民 身 分 證',
    '姓 名 陳 美 玲',
    '出 生',
    '年 月 日 民 國 79 年 3 月 15 日',
    '性 別 ﹍ 女',
    '發 證 日 期 民 國 108 年 7 月 1 日 ( 北 市 ﹚ 換 發',
    '統 一 編 號 A234567890',
  );

  it('reads every field, dates in AD, each with a confidence', () => {
    expect(isValidTaiwanIdentityNumber('A234567890')).toBe(false);
    const valid = lines(...card.map((l) => l.text.replace('A234567890', 'A223456781')));
    expect(isValidTaiwanIdentityNumber('A223456781')).toBe(true);
    const reading = parseIdCardFront(valid);
    expect(reading.fields).toEqual({
      name: { value: '陳美玲', confidence: 0.9 },
      idNumber: { value: 'A223456781', confidence: 0.9 },
      birthDate: { value: '1990-03-15', confidence: 0.9 },
      gender: { value: 'female', confidence: 0.9 },
      issueDate: { value: '2019-07-01', confidence: 0.9 },
    });
    expect(reading.idNumberRejected).toBe(false);
    expect(reading.genderConflict).toBe(false);
  });

  it('never proposes an ID number that fails the checksum', () => {
    const reading = parseIdCardFront(card);
    expect(reading.fields.idNumber).toEqual({ value: null, confidence: 0 });
    expect(reading.idNumberRejected).toBe(true);
    // The gender still comes from the card, not from the rejected number.
    expect(reading.fields.gender.value).toBe('female');
  });

  it('never proposes a wrong-checksum number over 500 random ones', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 500; i += 1) {
      const wrong = makeIdNumber(random, random() < 0.5 ? 'male' : 'female', true);
      const reading = parseIdCardFront(lines(`統 一 編 號 ${wrong}`));
      expect(reading.fields.idNumber.value).toBeNull();
    }
  });

  it('flags a card whose 性別 disagrees with the ID number, with a low confidence', () => {
    const reading = parseIdCardFront(lines('性 別 男', '統 一 編 號 A223456781'));
    expect(reading.genderConflict).toBe(true);
    expect(reading.fields.gender.value).toBe('male');
    expect(reading.fields.gender.confidence).toBeLessThanOrEqual(0.3);
  });

  it('takes the gender from the ID digit when 性別 was not read, and says so', () => {
    const reading = parseIdCardFront(lines('統 一 編 號 A123456789'));
    expect(reading.fields.gender).toEqual({ value: 'male', confidence: 0.9 });
    expect(reading.genderFromIdNumber).toBe(true);
  });

  it('repairs a letter read as its look-alike digit only when the checksum then holds', () => {
    // Z read as 2 (Z158631068 is valid), from the A-Z/digit pass.
    const reading = parseIdCardFront([], lines('52158631068'));
    expect(reading.fields.idNumber.value).toBe('Z158631068');
    expect(reading.fields.idNumber.confidence).toBeLessThan(0.9);
  });

  it('proposes nothing it did not read', () => {
    const reading = parseIdCardFront(lines('中 華 民 國 國 民 身 分 證'));
    for (const field of Object.values(reading.fields)) expect(field).toEqual({ value: null, confidence: 0 });
    expect(reading.idNumberRejected).toBe(false);
  });

  it("votes every reading of the name, the page's and the crops', character by character by confidence, and a date whole", () => {
    const reading = parseIdCardFront(lines('姓 名 莊 子 誠', '年 月 日 民 國 57 年 9 月 8 日'), [], {
      name: [
        { text: '莊 子 誠', confidence: 90 },
        { text: '莊 子 說', confidence: 30 },
        { text: '名 莊 子 誠', confidence: 90 },
        { text: '莊 子', confidence: 95 },
      ],
      birthDate: lines('民 國 57 年 9 月 3 日', '民 國 57 年 9 月 3 日', '民 國 57 年 13 月 3 日'),
    });
    // 誠 read surely three times (the page's among them), 說 once unsurely: 誠, sure.
    expect(reading.fields.name.value).toBe('莊子誠');
    expect(reading.fields.name.confidence).toBeGreaterThanOrEqual(0.75);
    expect(reading.fields.name.choices).toBeUndefined();
    expect(reading.fields.birthDate.value).toBe('1968-09-03');
    expect(reading.fields.birthDate.confidence).toBeCloseTo(0.6);
  });

  it("lets the page's sure character outvote a look-alike the crops read more often but unsurely", () => {
    const word = (text: string, confidence: number) => ({ text, confidence });
    const line = (confidence: number, ...chars: Array<[string, number]>): OcrLine => ({
      text: chars.map(([c]) => c).join(' '),
      confidence,
      words: chars.map(([c, n]) => word(c, n)),
    });
    const page = [line(95, ['姓', 96], ['名', 96], ['許', 96], ['淑', 96], ['芬', 96])];
    const crops = [
      line(80, ['許', 96], ['淑', 96], ['芛', 15]),
      line(80, ['許', 96], ['淑', 96], ['芛', 10]),
      line(80, ['許', 96], ['淑', 96], ['芛', 10]),
      line(90, ['許', 96], ['淑', 95], ['芬', 93]),
    ];
    // A count of the crops alone: 芛 3, 芬 1. By confidence, with the page: 芬.
    const reading = parseIdCardFront(page, [], { name: crops });
    expect(reading.fields.name.value).toBe('許淑芬');
    expect(reading.fields.name.confidence).toBeGreaterThanOrEqual(0.75);
  });

  it('offers two names, proposing neither, when one character is between two look-alikes read about as surely', () => {
    const page = [wordLine(['姓', 96], ['名', 96], ['王', 95], ['淑', 95], ['芛', 74])];
    const crops = [
      wordLine(['王', 96], ['淑', 95], ['芛', 94]),
      wordLine(['王', 96], ['淑', 91], ['芬', 94]),
      wordLine(['王', 96], ['淑', 89], ['芬', 67]),
      wordLine(['王', 95], ['淑', 86], ['芛', 93]),
    ];
    const reading = parseIdCardFront(page, [], { name: crops });
    expect(reading.fields.name).toEqual({ value: null, confidence: 0, choices: ['王淑芛', '王淑芬'] });
  });

  it('settles a first character torn between a surname and a look-alike that is none for the surname, and asks for a check', () => {
    // 誠 is no surname, 許 is: read about as surely, the surname is proposed, under the mark.
    const page = [wordLine(['姓', 96], ['名', 96], ['誠', 90], ['宇', 95], ['明', 95])];
    const crops = [
      wordLine(['許', 88], ['宇', 95], ['明', 94]),
      wordLine(['誠', 85], ['宇', 93], ['明', 95]),
      wordLine(['許', 80], ['宇', 94], ['明', 93]),
    ];
    const reading = parseIdCardFront(page, [], { name: crops });
    expect(reading.fields.name.value).toBe('許宇明');
    expect(reading.fields.name.confidence).toBeGreaterThan(0);
    expect(reading.fields.name.confidence).toBeLessThan(LOW_CONFIDENCE);
    expect(reading.fields.name.choices).toBeUndefined();

    // Two surnames (鄭 / 鄧) stay a choice for the borrower.
    const both = parseIdCardFront([wordLine(['姓', 96], ['名', 96], ['鄧', 90], ['宇', 95], ['明', 95])], [], {
      name: [
        wordLine(['鄭', 88], ['宇', 95], ['明', 94]),
        wordLine(['鄧', 85], ['宇', 93], ['明', 95]),
        wordLine(['鄭', 80], ['宇', 94], ['明', 93]),
      ],
    });
    expect(both.fields.name).toEqual({ value: null, confidence: 0, choices: ['鄧宇明', '鄭宇明'] });
  });

  describe("the line model's reading of the name", () => {
    const sure = (char: string, confidence = 0.99) => ({ char, confidence });
    // Tesseract's page and six crops all read the last character as the same look-alike.
    const tesseractReads = (third: string, confidence: number) => ({
      page: [wordLine(['姓', 96], ['名', 96], ['許', 95], ['淑', 95], [third, confidence])],
      name: Array.from({ length: 6 }, () => wordLine(['許', 96], ['淑', 95], [third, confidence])),
    });
    const line = { chars: [sure('許'), sure('淑'), sure('芬')], missing: false };

    it('outweighs Tesseract readings that agree on a look-alike but unsurely', () => {
      const { page, name } = tesseractReads('芛', 30);
      const reading = parseIdCardFront(page, [], { name, nameLine: line });
      expect(reading.fields.name.value).toBe('許淑芬');
      expect(reading.fields.name.confidence).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
      // The same readings without it: the look-alike.
      expect(parseIdCardFront(page, [], { name }).fields.name.value).toBe('許淑芛');
    });

    it('leaves two names to choose from when every Tesseract reading surely saw the other character', () => {
      const { page, name } = tesseractReads('芛', 85);
      expect(parseIdCardFront(page, [], { name, nameLine: line }).fields.name).toEqual({
        value: null,
        confidence: 0,
        choices: ['許淑芬', '許淑芛'],
      });
    });

    it('counts its runner-up: the character it doubted between is offered beside its own', () => {
      const doubted = { chars: [sure('蕭'), { char: '好', confidence: 0.62, runnerUp: { char: '妤', confidence: 0.36 } }], missing: false };
      // Tesseract's 妤 alone would lose to the model's 好; with the model's own doubt, the two are offered.
      const page = [wordLine(['姓', 96], ['名', 96], ['蕭', 95], ['妤', 20])];
      const crops = Array.from({ length: 6 }, () => wordLine(['蕭', 96], ['妤', 20]));
      const reading = parseIdCardFront(page, [], { name: crops, nameLine: doubted });
      expect(reading.fields.name.value).toBeNull();
      expect(reading.fields.name.choices?.toSorted()).toEqual(['蕭好', '蕭妤']);
      const withoutDoubt = { ...doubted, chars: doubted.chars.map(({ char, confidence }) => ({ char, confidence })) };
      expect(parseIdCardFront(page, [], { name: crops, nameLine: withoutDoubt }).fields.name.value).toBe('蕭好');
    });

    it('is left out when it skipped a character (one outside its alphabet): the shorter name never wins', () => {
      const page = [wordLine(['姓', 96], ['名', 96], ['趙', 90], ['蓁', 60], ['廷', 90])];
      // Two readings only: too few for the length check, so the mark alone leaves it out.
      const crops = [wordLine(['趙', 90], ['蓁', 55], ['廷', 92])];
      const skipped = { chars: [sure('趙'), sure('廷')], missing: true };
      const reading = parseIdCardFront(page, [], { name: crops, nameLine: skipped });
      expect(reading.fields.name.value).toBe('趙蓁廷');
      // Taken as it is, its weight would have made the name 趙廷.
      expect(parseIdCardFront(page, [], { name: crops, nameLine: { ...skipped, missing: false } }).fields.name.value).toBe('趙廷');
    });

    it('is left out when most Tesseract readings agree on another length (a stray mark read as a character)', () => {
      const page = [wordLine(['姓', 96], ['名', 96], ['陳', 90], ['美', 90], ['玲', 90])];
      const crops = Array.from({ length: 6 }, () => wordLine(['陳', 90], ['美', 90], ['玲', 88]));
      const stray = { chars: [sure('丨'), sure('陳'), sure('美'), sure('玲')], missing: false };
      expect(parseIdCardFront(page, [], { name: crops, nameLine: stray }).fields.name.value).toBe('陳美玲');
    });

    it("starts after the label's 名 when the crop caught it", () => {
      const reading = parseIdCardFront(lines('中 華 民 國 國 民 身 分 證'), [], {
        nameLine: { chars: [sure('名'), sure('陳'), sure('美'), sure('玲')], missing: false },
      });
      expect(reading.fields.name.value).toBe('陳美玲');
    });
  });

  it('keeps the page reading when the rereads read nothing usable', () => {
    const reading = parseIdCardFront(lines('姓 名 陳 美 玲'), [], { name: lines('陳'), birthDate: lines('民 國') });
    expect(reading.fields.name).toEqual({ value: '陳美玲', confidence: 0.9 });
    expect(reading.fields.birthDate).toEqual({ value: null, confidence: 0 });
  });

  it('reads 性別 from its own crop, 男 or 女 only; noise there and on the page gives the ID digit, said so', () => {
    const female = parseIdCardFront(lines('性 刺 如', '統 一 編 號 A223456781'), [], { gender: lines('女', '女') });
    expect(female.fields.gender).toEqual({ value: 'female', confidence: 0.9 });
    expect(female.genderFromIdNumber).toBe(false);
    const noise = parseIdCardFront(lines('ˋˋˋRKSˋ 忍', '統 一 編 號 A223456781'), [], { gender: lines('ˋ', '忍') });
    expect(noise.fields.gender).toEqual({ value: 'female', confidence: 0.9 });
    expect(noise.genderFromIdNumber).toBe(true);
    // 男 and 女 both read: neither is the card's.
    const both = parseIdCardFront(lines('統 一 編 號 A223456781'), [], { gender: lines('男', '女') });
    expect(both.genderFromIdNumber).toBe(true);
  });

  it('asks only for the letter when O, D and Q all pass: the digits kept, the three numbers offered', () => {
    // O186730934 read with a 0 for its O by the A-Z/digit pass, a ( by the page.
    for (const id of ['O186730934', 'D186730934', 'Q186730934']) expect(isValidTaiwanIdentityNumber(id)).toBe(true);
    const reading = parseIdCardFront(lines('統 一 編 號 (186730934'), lines('0186730934'));
    expect(reading.fields.idNumber).toEqual({ value: null, confidence: 0.9, choices: ['D186730934', 'O186730934', 'Q186730934'] });
    expect(reading.idNumberRejected).toBe(false);
    // The digits give the gender.
    expect(reading.fields.gender.value).toBe('male');
    expect(reading.genderFromIdNumber).toBe(true);
  });

  it('proposes O, D or Q only when both passes read that very letter', () => {
    const both = parseIdCardFront(lines('統 一 編 號 D186730934'), lines('D186730934'));
    expect(both.fields.idNumber).toEqual({ value: 'D186730934', confidence: 0.9 });
    const one = parseIdCardFront(lines('統 一 編 號 (186730934'), lines('D186730934'));
    expect(one.fields.idNumber.value).toBeNull();
    expect(one.fields.idNumber.choices).toEqual(['D186730934', 'O186730934', 'Q186730934']);
  });

  it('picks by the checksum the one letter a digit read in its place can be', () => {
    // C read as (: of C, G, O, D and Q only C passes with these digits.
    expect(isValidTaiwanIdentityNumber('C207054154')).toBe(true);
    const reading = parseIdCardFront(lines('統 一 編 號 (207054154'));
    expect(reading.fields.idNumber.value).toBe('C207054154');
    expect(reading.fields.idNumber.confidence).toBeLessThan(0.9);
  });

  it("asks for both the ID number and the gender when the number's gender digit contradicts the card's 性別", () => {
    const reading = parseIdCardFront(lines('統 一 編 號 A123456789'), lines('A123456789'), { gender: lines('女') });
    expect(reading.genderConflict).toBe(true);
    expect(reading.fields.idNumber.value).toBe('A123456789');
    expect(reading.fields.idNumber.confidence).toBeLessThanOrEqual(0.3);
    expect(reading.fields.gender.confidence).toBeLessThanOrEqual(0.3);
  });
});
