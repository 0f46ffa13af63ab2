import { crc32 } from 'node:zlib';

/**
 * Small real images and the metadata cameras and editors add to them, for the tests of
 * strip-image-metadata.ts and the upload endpoint (test-only code). The 8×8 bases were
 * encoded by libvips without any metadata.
 */
export const BASE_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKABiz//2Q==',
  'base64',
);
export const BASE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4UaGBFTEMLQkAUtVaAUH78mEAAAAASUVORK5CYII=',
  'base64',
);
export const BASE_WEBP = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAACwAQCdASoIAAgAAsBMJaACdLoABdQAAP3HH/hWuYfmHtb/3BmfV1/gAAA=', 'base64');

const text = (value: string) => Buffer.from(value, 'latin1');

/** What must never come out: the GPS IFD's latitude reference and the place written in text. */
export const SECRET_MARKERS = ['GPS-N-25.0330', 'Taipei 101', 'xmpmeta', 'Camera-Serial-12345'];

/**
 * A little-endian TIFF block as in a phone's EXIF: IFD0 with Make, Orientation and the
 * GPS pointer; a GPS IFD with latitude 25°2'0" N and a text datum holding SECRET_MARKERS[0].
 */
export function exifTiff(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 2 + 3 * 12 + 4 + 24 + 40);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const gpsIfd = 8 + 2 + 36 + 4;
  const rationals = gpsIfd + 2 + 36 + 4;
  const strings = rationals + 24;
  let at = 8;
  tiff.writeUInt16LE(3, at);
  at += 2;
  const entry = (tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    if (type === 3 && count === 1) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
    at += 12;
  };
  entry(0x010f, 2, 20, strings); // Make
  entry(0x0112, 3, 1, orientation); // Orientation
  entry(0x8825, 4, 1, gpsIfd); // GPSInfo
  tiff.writeUInt32LE(0, at);
  at = gpsIfd;
  tiff.writeUInt16LE(3, at);
  at += 2;
  entry(0x0001, 2, 2, 0x4e); // GPSLatitudeRef 'N' inline
  entry(0x0002, 5, 3, rationals); // GPSLatitude
  entry(0x001b, 7, 13, strings + 20); // GPSProcessingMethod (text)
  tiff.writeUInt32LE(0, at);
  [25, 1, 2, 1, 0, 1].forEach((value, i) => tiff.writeUInt32LE(value, rationals + i * 4));
  tiff.write('Camera-Serial-12345\0GPS-N-25.0330', strings, 'latin1');
  return tiff;
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * BASE_JPEG as a phone would write it: JFIF APP0, EXIF APP1 with GPS (and `orientation`),
 * XMP APP1, Photoshop APP13, a comment, then bytes after the end of the image.
 */
export function jpegWithMetadata(orientation = 6): Buffer {
  const jfif = jpegSegment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  return Buffer.concat([
    BASE_JPEG.subarray(0, 2),
    jfif,
    jpegSegment(0xe1, Buffer.concat([text('Exif\0\0'), exifTiff(orientation)])),
    jpegSegment(0xe1, text('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Taipei 101</x:xmpmeta>')),
    jpegSegment(0xed, text('Photoshop 3.0\x008BIM Taipei 101')),
    jpegSegment(0xfe, text('Taipei 101')),
    BASE_JPEG.subarray(2),
    text('trailing Taipei 101'),
  ]);
}

/** JFIF APP0 as jpegWithMetadata writes it, to build the expected output. */
export const JFIF_APP0 = jpegSegment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([text(type), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** BASE_PNG with text, international text (XMP), compressed text, time and EXIF chunks, and trailing bytes. */
export function pngWithMetadata(): Buffer {
  const afterIhdr = 8 + 25;
  return Buffer.concat([
    BASE_PNG.subarray(0, afterIhdr),
    pngChunk('tEXt', text('Comment\0Taipei 101')),
    pngChunk('iTXt', text('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>Taipei 101</x:xmpmeta>')),
    pngChunk('zTXt', text('Location\0\0Taipei 101')),
    pngChunk('tIME', Buffer.from([0x07, 0xe8, 1, 2, 3, 4, 5])),
    pngChunk('eXIf', exifTiff(1)),
    BASE_PNG.subarray(afterIhdr),
    text('trailing Taipei 101'),
  ]);
}

function riffChunk(fourCc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourCc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

/** The extended-format header of an 8×8 canvas with the given flags. */
export function vp8x(flags: number): Buffer {
  const data = Buffer.alloc(10);
  data[0] = flags;
  data.writeUIntLE(7, 4, 3);
  data.writeUIntLE(7, 7, 3);
  return riffChunk('VP8X', data);
}

/** BASE_WEBP in the extended format with EXIF and XMP chunks (flags set), and the clean result expected. */
export function webpWithMetadata(): { dirty: Buffer; clean: Buffer } {
  const image = BASE_WEBP.subarray(12);
  return {
    dirty: riff([vp8x(0x08 | 0x04), image, riffChunk('EXIF', exifTiff(1)), riffChunk('XMP ', text('<x:xmpmeta>Taipei 101</x:xmpmeta>'))]),
    clean: riff([vp8x(0), image]),
  };
}

/** A 1×1 GIF with a comment and an XMP application extension, and the clean one expected. */
export function gifWithMetadata(): { dirty: Buffer; clean: Buffer } {
  const head = Buffer.concat([text('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff])]);
  const loop = Buffer.concat([Buffer.from([0x21, 0xff, 11]), text('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0])]);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 10]), text('Taipei 101'), Buffer.from([0])]);
  const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), text('XMP DataXMP'), Buffer.from([8]), text('xmpmeta!'), Buffer.from([0])]);
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0]);
  const trailer = Buffer.from([0x3b]);
  return {
    dirty: Buffer.concat([head, loop, comment, xmp, image, trailer]),
    clean: Buffer.concat([head, loop, image, trailer]),
  };
}
