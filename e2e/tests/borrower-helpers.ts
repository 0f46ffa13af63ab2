import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TFaceDetectionResponse } from '@app/contract/schemas/face-check.ts';
import { pageApi, type PageApi } from '../support/page-api.ts';
import { cellBox, FACEMATCH_CELLS, facematchSheet } from './fake-camera.ts';

/**
 * A borrower made through the real server: the page's own session and wire key call the
 * protocol to save the onboarding steps a journey does not test itself, and the face
 * photos are cut from a sample image shipped inside @vladmandic/human (the real models
 * judge them).
 */

/**
 * The card holder's portrait: the man of the facematch sheet's first row, cell 1 (the photo
 * the fake camera and facePhoto's selfie start from), for a card drawn elsewhere to carry it.
 */
export function holderPortrait(): { src: string; x: number; y: number; size: number } {
  const box = cellBox(FACEMATCH_CELLS.turn_left[0]);
  return { src: facematchSheet(), x: box.x + 2, y: box.y, size: 96 };
}

/**
 * Draws, in the page, the ID card front (portrait on the right: the man of holderPortrait;
 * with `card`, the name, birth date and number printed for the reader) or a selfie (a
 * still of the same photo on grey), or, with `frame`, another cell of the facematch row.
 */
export async function facePhoto(
  page: Page,
  kind: 'card' | 'selfie',
  card?: { name: string; idNumber: string; rocBirth: string },
  frame?: number,
): Promise<Buffer> {
  const sheet = facematchSheet();
  const box = cellBox(frame ?? FACEMATCH_CELLS.turn_left[0]);
  const dataUrl = await page.evaluate(
    async ({ src, which, card, box }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      const c = canvas.getContext('2d')!;
      if (which === 'card') {
        canvas.width = 856;
        canvas.height = 540;
        c.fillStyle = '#d6e8f0';
        c.fillRect(0, 0, 856, 540);
        if (card) {
          // What the reader looks for: the name, the ROC birth date and the ID number.
          c.fillStyle = '#1f2a30';
          c.font = 'bold 40px "Noto Serif CJK TC"';
          c.fillText('中華民國國民身分證', 200, 70);
          c.font = '28px "Noto Sans CJK TC"';
          c.fillText('姓\u3000名', 30, 160);
          c.font = 'bold 46px "Noto Sans CJK TC"';
          c.fillText(card.name, 140, 165);
          c.font = '28px "Noto Sans CJK TC"';
          c.fillText('出生年月日', 30, 240);
          c.fillText(card.rocBirth, 190, 240);
          c.fillStyle = '#b3202a';
          c.fillText('統一編號', 330, 480);
          c.font = 'bold 40px "Noto Sans CJK TC"';
          c.fillText(card.idNumber, 470, 485);
        } else {
          c.fillStyle = '#555';
          for (const y of [150, 210, 270]) c.fillRect(40, y, 360, 18);
        }
        c.drawImage(img, box.x, box.y, box.width, box.height, 620, 170, 190, 182);
      } else {
        canvas.width = 480;
        canvas.height = 640;
        c.fillStyle = '#808080';
        c.fillRect(0, 0, 480, 640);
        c.drawImage(img, box.x, box.y, box.width, box.height, 115, 200, 250, 240);
      }
      return canvas.toDataURL('image/jpeg', 0.92);
    },
    { src: sheet, which: kind, card, box },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The page's own session and wire key (support/page-api.ts), under the name these journeys use. */
export const apiAsPage = pageApi;
export type { PageApi };

/** Steps 1 and 2 through the protocol: personal details and two emergency contacts. */
export async function saveStepsOneAndTwo(api: PageApi, person: { name: string; idNumber: string; birthDate?: string }): Promise<void> {
  await api.call(ENDPOINTS.userAuthSupplementUserInfo, {
    name: person.name,
    gender: 'female',
    birthDate: person.birthDate ?? '1990-05-12',
    idNumber: person.idNumber,
    maritalStatus: 'single',
    education: 'bachelor',
    occupation: 'employee',
    monthlyIncome: 42000,
    county: '臺北市',
    district: '大安區',
    address: '復興南路一段 1 號',
    email: 'lin@example.tw',
  });
  await api.call(ENDPOINTS.emergencyContactAdd, {
    contacts: [
      { name: '林媽媽', relationship: 'parent', mobile: '0911000111' },
      { name: '陳同事', relationship: 'colleague', mobile: '0922000222' },
    ],
    consent: true,
  });
}

/** The card front drawn by the page for `person` (birth date by default 1990-05-12, printed as 民國) and uploaded: its key. */
export async function uploadCardFront(
  api: PageApi,
  page: Page,
  person: { name: string; idNumber: string; birthDate?: string },
): Promise<{ frontKey: string; birthDate: string }> {
  const birthDate = person.birthDate ?? '1990-05-12';
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const rocBirth = `民國 ${year - 1911}年 ${month}月 ${day}日`;
  const frontKey = await api.upload(await facePhoto(page, 'card', { name: person.name, idNumber: person.idNumber, rocBirth }));
  return { frontKey, birthDate };
}

/** Step 4 through the protocol: a bank account in the holder's name. */
export async function saveBankCard(api: PageApi, holderName: string): Promise<void> {
  await api.call(ENDPOINTS.bindCardBind, { bankCode: '004', branchCode: '0040037', accountNumber: '12345678901234', holderName });
}

/**
 * Step 3 through the protocol as a borrower does it: the front (its portrait a face the
 * models know) read by the real reader, the fields confirmed as step 1 has them, then saved.
 */
export async function saveIdCard(api: PageApi, page: Page, person: { name: string; idNumber: string; birthDate?: string }): Promise<void> {
  const { frontKey, birthDate } = await uploadCardFront(api, page, person);
  const reading = (await api.call(ENDPOINTS.userAuthOcrCheck, { frontKey })) as { readingId: number };
  await api.call(ENDPOINTS.userAuthOcrConfirm, {
    readingId: reading.readingId,
    name: person.name,
    idNumber: person.idNumber,
    birthDate,
    gender: 'female',
    issueDate: '2016-07-01',
  });
  await api.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey });
}

/** Steps 1-4 through the protocol: personal details, two contacts, the ID card (its front shows a face), a bank card. */
export async function saveStepsOneToFour(api: PageApi, page: Page, person: { name: string; idNumber: string }): Promise<void> {
  await saveStepsOneAndTwo(api, person);
  await saveIdCard(api, page, person);
  await saveBankCard(api, person.name);
}

/**
 * Step 5 through the protocol (decision 0153): the still, the challenge, the capture (the
 * man's photos in the order of the asked turn, 400 ms apart) and the comparison, judged by
 * the real models.
 */
export async function passFaceCheck(api: PageApi, page: Page): Promise<void> {
  const imageKey = await api.upload(await facePhoto(page, 'selfie'));
  const detected = (await api.call(ENDPOINTS.userAuthDetection, { imageKey })) as TFaceDetectionResponse;
  const cells: readonly number[] = detected.challenge === 'turn_left' ? FACEMATCH_CELLS.turn_left : [...FACEMATCH_CELLS.turn_right, 6, 6];
  const frames: Array<{ key: string; t: number }> = [];
  for (const [i, cell] of cells.entries())
    frames.push({ key: await api.upload(await facePhoto(page, 'selfie', undefined, cell)), t: i * 400 });
  await api.call(ENDPOINTS.userAuthSilence, { imageKey, nonce: detected.nonce, frames });
  await api.call(ENDPOINTS.userAuthFaceCompare, { imageKey });
}

/**
 * Step 3 recorded through the server's test hook instead of read by the card reader
 * (decision 0198), as the API tests' borrowers have it (decision 0070): the drawn card front
 * (its portrait the man of the face photos) uploaded with a confirmed reading of `person`,
 * then saved. For journeys whose subject is not the reading; the reader is judged by the
 * onboarding and card-reading journeys (saveIdCard).
 */
export async function recordIdCard(
  api: PageApi,
  page: Page,
  person: { name: string; idNumber: string; birthDate?: string },
): Promise<void> {
  const { frontKey, birthDate } = await uploadCardFront(api, page, person);
  await api.testHook('/__test__/id-card-readings', { frontKey, name: person.name, idNumber: person.idNumber, birthDate, gender: 'female' });
  await api.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey });
}

/** Step 5 recorded as passed through the server's test hook (decision 0198), a selfie uploaded: no model runs (passFaceCheck runs them). */
export async function recordFaceCheck(api: PageApi, page: Page): Promise<void> {
  await api.testHook('/__test__/face-checks', { imageKey: await api.upload(await facePhoto(page, 'selfie')) });
}

/**
 * A borrower who may apply, on the page's own session: steps 1, 2 and 4 through the
 * protocol, steps 3 and 5 recorded (`recordIdCard`, `recordFaceCheck`); by default 林美華 with an ID
 * number no other borrower has.
 */
export async function onboardBorrower(
  page: Page,
  baseUrl: string,
  person: { name: string; idNumber: string } = { name: '林美華', idNumber: randomNationalId() },
): Promise<PageApi> {
  const api = await apiAsPage(page, baseUrl);
  await saveStepsOneAndTwo(api, person);
  await recordIdCard(api, page, person);
  await saveBankCard(api, person.name);
  await recordFaceCheck(api, page);
  return api;
}

/** A valid national ID (letter A; female unless said), random enough that no other borrower has it. */
export function randomNationalId(gender: 'female' | 'male' = 'female'): string {
  const digits = [gender === 'male' ? 1 : 2, ...Array.from({ length: 7 }, () => randomInt(0, 10))];
  const sum = 1 + digits.reduce((total, d, i) => total + d * (8 - i), 0);
  return `A${digits.join('')}${(10 - (sum % 10)) % 10}`;
}

/** A mobile number no other test is likely to use. */
export function randomMobile(): string {
  return `09${String(randomInt(10_000_000, 99_999_999))}`;
}

/** A handwritten-looking signature as a PNG, drawn by the page. */
export async function signaturePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 240;
    const c = canvas.getContext('2d')!;
    c.lineWidth = 6;
    c.strokeStyle = '#111';
    c.beginPath();
    c.moveTo(40, 160);
    c.bezierCurveTo(140, 20, 220, 220, 320, 90);
    c.bezierCurveTo(380, 20, 460, 200, 560, 110);
    c.stroke();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
