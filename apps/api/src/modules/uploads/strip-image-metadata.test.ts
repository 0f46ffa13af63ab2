import { describe, expect, it } from 'vitest';
import { detectImageType, type ImageType } from './image-type.ts';
import { orientationExif, stripImageMetadata } from './strip-image-metadata.ts';
import {
  BASE_JPEG,
  BASE_PNG,
  JFIF_APP0,
  SECRET_MARKERS,
  gifWithMetadata,
  jpegWithMetadata,
  pngWithMetadata,
  webpWithMetadata,
} from './test-images.ts';

const typeOf = (bytes: Uint8Array): ImageType => {
  const type = detectImageType(bytes);
  if (!type) throw new Error('not an image');
  return type;
};
const strip = (bytes: Uint8Array) => stripImageMetadata(bytes, typeOf(bytes));
const latin1 = (bytes: Uint8Array | null) => Buffer.from(bytes ?? []).toString('latin1');

function expectNoSecrets(bytes: Uint8Array | null): void {
  for (const secret of SECRET_MARKERS) expect(latin1(bytes)).not.toContain(secret);
}

describe('JPEG', () => {
  it('drops EXIF with its GPS position, XMP, Photoshop data, comments and trailing bytes; the image data stays byte for byte', () => {
    const dirty = jpegWithMetadata(1);
    for (const secret of SECRET_MARKERS) expect(latin1(dirty)).toContain(secret);
    const clean = strip(dirty);
    expectNoSecrets(clean);
    // SOI, the JFIF header, then exactly the original tables, frame, scan and EOI.
    expect(Buffer.from(clean ?? [])).toEqual(Buffer.concat([BASE_JPEG.subarray(0, 2), JFIF_APP0, BASE_JPEG.subarray(2)]));
    expect([...Buffer.from(clean ?? []).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...Buffer.from(clean ?? []).subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it('keeps the orientation as a fresh EXIF block holding only that tag', () => {
    const clean = strip(jpegWithMetadata(6));
    expectNoSecrets(clean);
    const exif = orientationExif(6);
    expect(exif).toHaveLength(36);
    expect(Buffer.from(clean ?? [])).toEqual(Buffer.concat([BASE_JPEG.subarray(0, 2), JFIF_APP0, exif, BASE_JPEG.subarray(2)]));
    // MM, 42, one entry: tag 0x0112, SHORT, count 1, value 6.
    expect([...exif.subarray(10, 32)]).toEqual([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]);
  });

  it('leaves a clean JPEG unchanged', () => {
    expect(Buffer.from(strip(BASE_JPEG) ?? [])).toEqual(BASE_JPEG);
  });

  it('answers null for a JPEG whose structure breaks', () => {
    expect(strip(BASE_JPEG.subarray(0, 40))).toBeNull();
    expect(strip(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0, 0]))).toBeNull();
    expect(strip(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe('PNG', () => {
  it('drops tEXt, iTXt (XMP), zTXt, tIME and eXIf chunks and trailing bytes; keeps every other chunk', () => {
    const clean = strip(pngWithMetadata());
    expectNoSecrets(clean);
    expect(Buffer.from(clean ?? [])).toEqual(BASE_PNG);
  });

  it('answers null when the first chunk is not IHDR or a chunk runs past the end', () => {
    expect(strip(BASE_PNG.subarray(0, 40))).toBeNull();
    const zeros = new Uint8Array(64);
    zeros.set(BASE_PNG.subarray(0, 8));
    expect(strip(zeros)).toBeNull();
  });
});

describe('WebP', () => {
  it('drops the EXIF and XMP chunks, clears their flags and fixes the RIFF size', () => {
    const { dirty, clean } = webpWithMetadata();
    const stripped = strip(dirty);
    expectNoSecrets(stripped);
    expect(Buffer.from(stripped ?? [])).toEqual(clean);
    expect(Buffer.from(stripped ?? []).readUInt32LE(4)).toBe(clean.length - 8);
  });
});

describe('GIF', () => {
  it('drops comments and XMP, keeps the animation loop and the image', () => {
    const { dirty, clean } = gifWithMetadata();
    expect(Buffer.from(strip(dirty) ?? [])).toEqual(clean);
  });
});
