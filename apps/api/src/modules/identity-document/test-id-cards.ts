import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { LETTER_VALUES } from '@app/contract/validators/national-id.ts';

/**
 * ID-card-like fronts drawn for tests and the bench (never downloaded): the layout of the
 * Taiwan national ID card's front (title, 姓名, 出生年月日 in the ROC calendar, 性別,
 * 發證日期 …換發, the photo box, 統一編號 in red at the bottom right) in Noto CJK
 * (Debian's fonts-noto-cjk), then a slight rotation, noise and blur, as a JPEG.
 */

const FONT_DIR = '/usr/share/fonts/opentype/noto';
let fontsLoaded = false;
function loadFonts(): void {
  if (fontsLoaded) return;
  GlobalFonts.registerFromPath(`${FONT_DIR}/NotoSansCJK-Regular.ttc`, 'CardSans');
  GlobalFonts.registerFromPath(`${FONT_DIR}/NotoSansCJK-Bold.ttc`, 'CardSansBold');
  GlobalFonts.registerFromPath(`${FONT_DIR}/NotoSerifCJK-Bold.ttc`, 'CardSerifBold');
  fontsLoaded = true;
}

export interface CardPerson {
  name: string;
  idNumber: string;
  /** AD `YYYY-MM-DD`. */
  birthDate: string;
  gender: 'male' | 'female';
  issueDate: string;
  /** Where the card was issued, as printed in brackets. */
  office: string;
}

/** A small seeded generator (mulberry32): the same set every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid national ID of that gender (`wrongChecksum`: the check digit off by one). */
export function makeIdNumber(random: () => number, gender: 'male' | 'female', wrongChecksum = false): string {
  const letters = Object.keys(LETTER_VALUES);
  const letter = letters[Math.floor(random() * letters.length)]!;
  const digits = [gender === 'male' ? 1 : 2, ...Array.from({ length: 7 }, () => Math.floor(random() * 10))];
  const value = LETTER_VALUES[letter]!;
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  const sum = Math.floor(value / 10) + (value % 10) * 9 + digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  let check = (10 - (sum % 10)) % 10;
  if (wrongChecksum) check = (check + 1 + Math.floor(random() * 9)) % 10;
  return `${letter}${digits.join('')}${check}`;
}

const SURNAMES = [...'陳林黃張李王吳劉蔡楊許鄭謝洪郭邱曾廖賴徐周葉蘇莊呂江何蕭羅高潘簡朱鍾游彭詹胡施沈余盧梁趙顏柯翁魏孫戴'];
const GIVEN = [
  ...'志明家豪俊傑建宏冠宇承翰宗翰怡君雅婷淑芬美玲佩珊欣怡詩涵婉婷惠雯育誠柏翰彥廷子豪文華國強振宇嘉玲秀英麗華玉珍宜蓁品妤思妤',
];
const OFFICES = [
  '北市',
  '新北市',
  '桃市',
  '中市',
  '南市',
  '高市',
  '基市',
  '竹市',
  '嘉市',
  '竹縣',
  '苗縣',
  '彰縣',
  '投縣',
  '雲縣',
  '屏縣',
  '宜縣',
  '花縣',
  '東縣',
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(random: () => number, fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function makePerson(random: () => number, options: { wrongChecksum?: boolean } = {}): CardPerson {
  const gender = random() < 0.5 ? 'male' : 'female';
  const givenLength = random() < 0.15 ? 1 : 2;
  const name = pick(random, SURNAMES) + Array.from({ length: givenLength }, () => pick(random, GIVEN)).join('');
  return {
    name,
    idNumber: makeIdNumber(random, gender, options.wrongChecksum),
    birthDate: isoDate(random, 1950, 2004),
    gender,
    issueDate: isoDate(random, 2005, 2024),
    office: pick(random, OFFICES),
  };
}

function rocParts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y - 1911, m, d];
}

export interface RenderOptions {
  /** Degrees, e.g. -3..3. */
  rotation?: number;
  /** Standard deviation of the grey noise, 0-255. */
  noise?: number;
  /** Blur radius in pixels. */
  blur?: number;
  random?: () => number;
  /** The name's typeface: the bold sans of the tests (default), the bold serif, or regular sans. */
  nameFont?: 'sansBold' | 'serifBold' | 'sans';
  /** A bright spot (a lamp on the laminate): where on the card (0-1) and how white (0-1). */
  glare?: { x: number; y: number; strength: number };
  /** A diagonal band of reflected light across the laminate, 0-1 how white. */
  reflection?: number;
  /** Horizontal shear (the card photographed at an angle), e.g. -0.06..0.06. */
  shear?: number;
}

const NAME_FONTS = { sansBold: 'CardSansBold', serifBold: 'CardSerifBold', sans: 'CardSans' } as const;

const W = 1000;
const H = 630;

/** The card on a darker table, as a phone photo would frame it; JPEG bytes. */
export function renderIdCardFront(person: CardPerson, options: RenderOptions = {}): Buffer {
  loadFonts();
  const random = options.random ?? seededRandom(1);
  const card = createCanvas(W, H);
  const g = card.getContext('2d');
  // Background: pale blue-green with a faint guilloche-like pattern.
  const gradient = g.createLinearGradient(0, 0, W, H);
  gradient.addColorStop(0, '#e6f1ef');
  gradient.addColorStop(1, '#dce8f2');
  g.fillStyle = gradient;
  g.fillRect(0, 0, W, H);
  g.strokeStyle = 'rgba(120, 160, 170, 0.18)';
  g.lineWidth = 1;
  for (let i = 0; i < 40; i += 1) {
    g.beginPath();
    g.ellipse(W * 0.55, H * 0.5, 80 + i * 9, 40 + i * 5, 0, 0, Math.PI * 2);
    g.stroke();
  }
  g.fillStyle = '#1f2a30';
  g.font = '44px CardSerifBold';
  g.fillText('中華民國國民身分證', 250, 78);

  const [by, bm, bd] = rocParts(person.birthDate);
  const [iy, im, id] = rocParts(person.issueDate);
  g.font = '30px CardSans';
  g.fillText('姓\u3000名', 40, 170);
  g.font = `52px ${NAME_FONTS[options.nameFont ?? 'sansBold']}`;
  g.fillText(person.name, 160, 175);
  g.font = '30px CardSans';
  g.fillText('出\u3000生', 40, 250);
  g.fillText('年月日', 40, 285);
  g.fillText(`民國 ${by}年 ${bm}月 ${bd}日`, 160, 268);
  g.fillText('性\u3000別', 40, 350);
  g.fillText(person.gender === 'male' ? '男' : '女', 160, 350);
  g.font = '28px CardSans';
  g.fillText(`發證日期\u3000民國 ${iy}年 ${im}月 ${id}日（${person.office}）換發`, 40, 440);

  // The photo box.
  g.fillStyle = '#c9d3d8';
  g.fillRect(690, 120, 260, 320);
  g.fillStyle = '#8f9ca3';
  g.beginPath();
  g.ellipse(820, 240, 70, 90, 0, 0, Math.PI * 2);
  g.fill();
  g.fillRect(720, 340, 200, 100);

  g.fillStyle = '#b3202a';
  g.font = '30px CardSans';
  g.fillText('統一編號', 470, 560);
  g.font = '46px CardSansBold';
  g.fillText(person.idNumber, 610, 565);

  if (options.glare) {
    const { x, y, strength } = options.glare;
    const spot = g.createRadialGradient(x * W, y * H, 0, x * W, y * H, 220);
    spot.addColorStop(0, `rgba(255, 255, 255, ${strength})`);
    spot.addColorStop(1, 'rgba(255, 255, 255, 0)');
    g.fillStyle = spot;
    g.fillRect(0, 0, W, H);
  }
  if (options.reflection) {
    const band = g.createLinearGradient(0, 0, W, H * 0.6);
    band.addColorStop(0.35, 'rgba(255, 255, 255, 0)');
    band.addColorStop(0.5, `rgba(255, 255, 255, ${options.reflection})`);
    band.addColorStop(0.65, 'rgba(255, 255, 255, 0)');
    g.fillStyle = band;
    g.fillRect(0, 0, W, H);
  }

  // The photo: the card slightly rotated on a grey table, then noise and blur.
  const photo = createCanvas(W + 120, H + 120);
  const p = photo.getContext('2d');
  p.fillStyle = '#5b5f63';
  p.fillRect(0, 0, photo.width, photo.height);
  p.save();
  p.translate(photo.width / 2, photo.height / 2);
  p.rotate(((options.rotation ?? 0) * Math.PI) / 180);
  if (options.shear) p.transform(1, 0, options.shear, 1, 0, 0);
  if (options.blur) p.filter = `blur(${options.blur}px)`;
  p.drawImage(card, -W / 2, -H / 2);
  p.restore();
  const sigma = options.noise ?? 0;
  if (sigma > 0) {
    const image = p.getImageData(0, 0, photo.width, photo.height);
    const data = image.data;
    for (let i = 0; i < data.length; i += 4) {
      // Box-Muller, the same offset on the three channels (sensor grain).
      const n = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()) * sigma;
      data[i] = Math.max(0, Math.min(255, data[i]! + n));
      data[i + 1] = Math.max(0, Math.min(255, data[i + 1]! + n));
      data[i + 2] = Math.max(0, Math.min(255, data[i + 2]! + n));
    }
    p.putImageData(image, 0, 0);
  }
  return photo.toBuffer('image/jpeg', 88);
}

/**
 * Card `index` of the seeded test set: person and photo conditions vary with it (a
 * slight rotation of up to ±2.5°, grain of σ 2-7 and a blur of up to 0.8 px).
 */
export function testCard(index: number, options: { wrongChecksum?: boolean } = {}): { person: CardPerson; image: Buffer } {
  const random = seededRandom(1000 + index + (options.wrongChecksum ? 50_000 : 0));
  const person = makePerson(random, options);
  const image = renderIdCardFront(person, {
    rotation: (random() * 2 - 1) * 2.5,
    noise: 2 + random() * 5,
    blur: random() * 0.8,
    random,
  });
  return { person, image };
}

/**
 * Card `index` of a harder seeded set: besides `testCard`'s conditions, the name in one of
 * three typefaces, rotation up to ±4°, grain up to σ 9, blur up to 1.2 px, a shear (an
 * angle), and on some cards a lamp's glare or a band of reflected light on the laminate.
 */
export function variedTestCard(index: number): { person: CardPerson; image: Buffer } {
  const random = seededRandom(200_000 + index);
  return { ...renderVaried(makePerson(random), random) };
}

function renderVaried(person: CardPerson, random: () => number): { person: CardPerson; image: Buffer } {
  const fonts = ['sansBold', 'serifBold', 'sans'] as const;
  const image = renderIdCardFront(person, {
    nameFont: fonts[Math.floor(random() * fonts.length)]!,
    rotation: (random() * 2 - 1) * 4,
    noise: 2 + random() * 7,
    blur: random() * 1.2,
    shear: (random() * 2 - 1) * 0.06,
    ...(random() < 0.35 ? { glare: { x: 0.15 + random() * 0.7, y: 0.15 + random() * 0.7, strength: 0.3 + random() * 0.4 } } : {}),
    ...(random() < 0.35 ? { reflection: 0.2 + random() * 0.35 } : {}),
    random,
  });
  return { person, image };
}

/** A valid national ID with this letter and gender (the digits from `random`). */
export function idNumberWithLetter(random: () => number, letter: string, gender: 'male' | 'female'): string {
  const digits = makeIdNumber(random, gender).slice(1, 9);
  const value = LETTER_VALUES[letter]!;
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  const sum = Math.floor(value / 10) + (value % 10) * 9 + [...digits].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return `${letter}${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * The cards a reader once got wrong, rendered here: names whose last character has
 * look-alikes of the same radical (芬 芛, 英 苔, 涵 深), and ID numbers starting with O, D
 * or Q (O, D and Q weigh alike in the checksum: read as 0, all three pass). Each in
 * `variants` conditions of the harder set.
 */
export const LOOK_ALIKE_NAMES = ['許淑芬', '王淑芬', '李秀英', '鄭詩涵'] as const;
export function lookAlikeCards(variants = 3): Array<{ person: CardPerson; image: Buffer; label: string }> {
  const cards: Array<{ person: CardPerson; image: Buffer; label: string }> = [];
  LOOK_ALIKE_NAMES.forEach((name, n) => {
    for (let v = 0; v < variants; v += 1) {
      const random = seededRandom(300_000 + n * 100 + v);
      const person = { ...makePerson(random), name, gender: 'female' as const };
      person.idNumber = idNumberWithLetter(random, pick(random, [...'ABCEFGHJKMNPRTUVWXY']), 'female');
      cards.push({ ...renderVaried(person, random), label: `${name} #${v}` });
    }
  });
  ['O', 'D', 'Q'].forEach((letter, n) => {
    for (let v = 0; v < variants; v += 1) {
      const random = seededRandom(400_000 + n * 100 + v);
      const person = makePerson(random);
      person.idNumber = idNumberWithLetter(random, letter, person.gender);
      cards.push({ ...renderVaried(person, random), label: `${letter}… #${v}` });
    }
  });
  return cards;
}
