import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * Test photos made from the sample images shipped inside @vladmandic/human (assets/): no
 * download. `screenshot-facedetect.jpg` holds five 150 px face crops of different people
 * in a row; everything else (transformed copies, an ID card, two faces, a re-captured
 * photo) is made here with sharp.
 */

const require = createRequire(import.meta.url);
const ASSETS = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets');

/** Left edges of the five faces (the man first, then four women) in screenshot-facedetect.jpg. */
const FACE_LEFT = [8, 164, 321, 478, 634] as const;
const GREY = { r: 128, g: 128, b: 128 };

async function faceCrop(person: number): Promise<Buffer> {
  const sheet = await readFile(path.join(ASSETS, 'screenshot-facedetect.jpg'));
  return sharp(sheet).extract({ left: FACE_LEFT[person]!, top: 346, width: 150, height: 150 }).toBuffer();
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 92 }).toBuffer();

/** A selfie of person `person` (0-4): the face centred on a grey 310 px square. */
export async function selfie(person: number): Promise<Buffer> {
  return jpeg(sharp(await faceCrop(person)).extend({ top: 80, bottom: 80, left: 80, right: 80, background: GREY }));
}

/** The same selfie cropped, brighter and turned by 8°. */
export async function transformedSelfie(person: number): Promise<Buffer> {
  const cropped = await sharp(await selfie(person))
    .extract({ left: 30, top: 25, width: 250, height: 260 })
    .toBuffer();
  return jpeg(sharp(cropped).modulate({ brightness: 1.25 }).rotate(8, { background: GREY }).resize(420));
}

/** An ID card front (85.6 x 54 mm at 10 px/mm) with the person's portrait on the right. */
export async function idCardFront(person: number): Promise<Buffer> {
  const portrait = await sharp(await faceCrop(person))
    .resize(190, 190)
    .toBuffer();
  return jpeg(
    sharp({ create: { width: 856, height: 540, channels: 3, background: { r: 214, g: 232, b: 240 } } }).composite([
      {
        input: Buffer.from(
          '<svg width="420" height="300"><rect x="0" y="0" width="420" height="40" fill="#7aa"/><rect x="0" y="90" width="380" height="18" fill="#555"/><rect x="0" y="150" width="300" height="18" fill="#555"/><rect x="0" y="210" width="340" height="18" fill="#555"/></svg>',
        ),
        left: 40,
        top: 60,
      },
      { input: portrait, left: 620, top: 170 },
    ]),
  );
}

/** A light photo without a face: grey noise. */
export async function noFace(): Promise<Buffer> {
  return jpeg(
    sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: { r: 170, g: 170, b: 160 },
        noise: { type: 'gaussian', mean: 150, sigma: 30 },
      },
    }),
  );
}

/** Two people side by side. */
export async function twoFaces(): Promise<Buffer> {
  const [left, right] = await Promise.all([selfie(1), selfie(3)]);
  return jpeg(
    sharp({ create: { width: 620, height: 310, channels: 3, background: GREY } }).composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 310, top: 0 },
    ]),
  );
}

/** The face far away: 60 px on a 640 px square. */
export async function tinyFace(person: number): Promise<Buffer> {
  const small = await sharp(await selfie(person))
    .resize(124)
    .toBuffer();
  return jpeg(
    sharp({ create: { width: 640, height: 640, channels: 3, background: GREY } }).composite([{ input: small, left: 258, top: 258 }]),
  );
}

/** The selfie taken in the dark. */
export async function darkSelfie(person: number): Promise<Buffer> {
  return jpeg(sharp(await selfie(person)).linear(0.18, 0));
}

/**
 * A photo of the selfie re-captured from a screen: the picture shrunk inside a dark bezel,
 * overlaid with the moiré of the screen's pixel grid (fine interfering line patterns), a
 * colour cast and a slight blur, as a camera sees a phone held up to it.
 */
export async function recapturedSelfie(person: number): Promise<Buffer> {
  const size = 310;
  const inner = await sharp(await selfie(person))
    .resize(250, 250)
    .tint({ r: 190, g: 205, b: 255 })
    .toBuffer();
  const lines: string[] = [];
  for (let i = 0; i < size * 2; i += 3)
    lines.push(`<line x1="${i}" y1="0" x2="${i - size * 0.3}" y2="${size}" stroke="black" stroke-opacity="0.35" stroke-width="1"/>`);
  for (let i = 0; i < size; i += 4)
    lines.push(`<line x1="0" y1="${i}" x2="${size}" y2="${i + 6}" stroke="white" stroke-opacity="0.25" stroke-width="1"/>`);
  const moire = Buffer.from(`<svg width="${size}" height="${size}">${lines.join('')}</svg>`);
  const framed = await sharp({ create: { width: size, height: size, channels: 3, background: { r: 20, g: 20, b: 24 } } })
    .composite([
      { input: inner, left: 30, top: 30 },
      { input: moire, left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  return jpeg(sharp(framed).blur(0.8));
}
