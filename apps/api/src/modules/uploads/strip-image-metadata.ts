import type { ImageType } from './image-type.ts';

/**
 * Removes what a camera or an editor writes about a photo (EXIF with its GPS position,
 * XMP, comments, text and time chunks) before an image is stored, without decoding it:
 * the image data is copied byte for byte, so nothing is re-encoded or lost. Answers null
 * when the file's structure does not parse (store-image.ts decides what then).
 *
 * Kept, because showing the picture needs it: JPEG APP0 (JFIF), APP2 ICC_PROFILE (the
 * colours of wide-gamut phone photos) and APP14 Adobe (the colour transform of CMYK
 * files); the orientation, rewritten as a fresh 32-byte EXIF block holding that one tag
 * and nothing else (a portrait photo would otherwise show sideways); PNG and WebP chunks
 * other than text, time, EXIF and XMP (colour profile, gamma, transparency…).
 */
export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array | null {
  try {
    switch (type.ext) {
      case 'jpg':
        return stripJpeg(bytes);
      case 'png':
        return stripPng(bytes);
      case 'webp':
        return stripWebp(bytes);
      case 'gif':
        return stripGif(bytes);
    }
  } catch (error) {
    if (error instanceof MalformedImage) return null;
    throw error;
  }
}

/**
 * Signs of metadata anywhere in a file: the EXIF and XMP headers, the PNG text, time and
 * EXIF chunk types, the WebP EXIF chunk.
 */
const METADATA_SIGNS = ['Exif\0\0', 'http://ns.adobe.com/xap', 'xmpmeta', 'tEXt', 'zTXt', 'iTXt', 'tIME', 'eXIf', 'EXIF', 'XMP '];

export function mayHoldMetadata(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return METADATA_SIGNS.some((sign) => text.includes(sign));
}

class MalformedImage extends Error {}

function need(condition: boolean): asserts condition {
  if (!condition) throw new MalformedImage();
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// JPEG ------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers without a length: RST0-7, TEM. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function keepJpegSegment(marker: number, bytes: Uint8Array, data: number): boolean {
  if (marker === APP0) return ascii(bytes, data, 5) === 'JFIF\0' || ascii(bytes, data, 5) === 'JFXX\0';
  if (marker === APP2) return ascii(bytes, data, 12) === 'ICC_PROFILE\0';
  if (marker === APP14) return ascii(bytes, data, 5) === 'Adobe';
  if (marker >= APP1 && marker <= 0xef) return false;
  return marker !== COM;
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  need(bytes[0] === 0xff && bytes[1] === SOI);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let pos = 2;
  for (;;) {
    need(pos < bytes.length && bytes[pos] === 0xff);
    while (bytes[pos] === 0xff) pos++; // fill bytes
    need(pos < bytes.length);
    const marker = bytes[pos] as number;
    const start = pos - 1;
    pos++;
    if (marker === EOI) {
      // Anything after the image (appended previews, gain maps…) goes with the metadata.
      parts.push(Uint8Array.of(0xff, EOI));
      break;
    }
    if (standalone(marker)) {
      parts.push(bytes.subarray(start, pos));
      continue;
    }
    need(pos + 2 <= bytes.length);
    const length = ((bytes[pos] as number) << 8) | (bytes[pos + 1] as number);
    need(length >= 2 && pos + length <= bytes.length);
    const data = pos + 2;
    const end = pos + length;
    if (marker === APP1 && ascii(bytes, data, 6) === 'Exif\0\0' && orientation === null) {
      orientation = exifOrientation(bytes.subarray(data + 6, end));
    }
    if (keepJpegSegment(marker, bytes, data)) parts.push(bytes.subarray(start, end));
    pos = end;
    if (marker === SOS) {
      // Entropy-coded data: up to the next marker that is not stuffing (FF00) or a restart.
      const scan = pos;
      while (pos < bytes.length) {
        if (bytes[pos] === 0xff) {
          const next = bytes[pos + 1];
          need(next !== undefined);
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
          pos += 2;
        } else pos++;
      }
      need(pos < bytes.length);
      parts.push(bytes.subarray(scan, pos));
    }
  }
  if (orientation !== null && orientation !== 1) parts.splice(insertAfterApp0(parts), 0, orientationExif(orientation));
  return concat(parts);
}

/** The new EXIF block goes right after SOI and a JFIF APP0, where readers look for it. */
function insertAfterApp0(parts: Uint8Array[]): number {
  const second = parts[1];
  return second && second[1] === APP0 ? 2 : 1;
}

/** Orientation (tag 0x0112) of IFD0 in a TIFF block, when it is 1-8. */
function exifOrientation(tiff: Uint8Array): number | null {
  if (tiff.length < 8) return null;
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = order === 'II';
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return null;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === 0x0112 && view.getUint16(entry + 2, little) === 3) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** APP1 `Exif\0\0`, big-endian TIFF, IFD0 with the one Orientation entry, no next IFD. */
export function orientationExif(orientation: number): Uint8Array {
  const out = new Uint8Array(2 + 2 + 6 + 8 + 2 + 12 + 4);
  const view = new DataView(out.buffer);
  out.set([0xff, APP1]);
  view.setUint16(2, out.length - 2);
  out.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // Exif\0\0
  out.set([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8], 10); // MM, 42, IFD0 at 8
  view.setUint16(18, 1); // one entry
  view.setUint16(20, 0x0112); // Orientation
  view.setUint16(22, 3); // SHORT
  view.setUint32(24, 1); // count
  view.setUint16(28, orientation);
  view.setUint32(32, 0); // no next IFD
  return out;
}

// PNG -------------------------------------------------------------------------------

const PNG_SIGNATURE_LENGTH = 8;
/** Text (with XMP inside iTXt), modification time and EXIF. */
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'tIME', 'eXIf']);

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let pos = PNG_SIGNATURE_LENGTH;
  let first = true;
  for (;;) {
    need(pos + 12 <= bytes.length);
    const length = view.getUint32(pos);
    const type = ascii(bytes, pos + 4, 4);
    need(/^[A-Za-z]{4}$/.test(type) && pos + 12 + length <= bytes.length);
    need(!first || type === 'IHDR');
    first = false;
    const end = pos + 12 + length;
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(pos, end));
    pos = end;
    // Whatever follows IEND is not part of the image.
    if (type === 'IEND') break;
  }
  return concat(parts);
}

// WebP ------------------------------------------------------------------------------

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array {
  need(ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  need(riffEnd <= bytes.length);
  const parts: Uint8Array[] = [];
  let pos = 12;
  while (pos < riffEnd) {
    need(pos + 8 <= riffEnd);
    const fourCc = ascii(bytes, pos, 4);
    const size = view.getUint32(pos + 4, true);
    const end = pos + 8 + size + (size % 2);
    need(end <= riffEnd || (end === riffEnd + 1 && size % 2 === 1));
    const chunk = bytes.slice(pos, Math.min(end, riffEnd));
    if (fourCc === 'VP8X') {
      need(chunk.length >= 9);
      chunk[8] = (chunk[8] as number) & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
    }
    if (fourCc !== 'EXIF' && fourCc !== 'XMP ') parts.push(chunk);
    pos = end;
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return concat([header, body]);
}

// GIF -------------------------------------------------------------------------------

/** Comment extensions and XMP application extensions go; the animation loop (NETSCAPE2.0) stays. */
function stripGif(bytes: Uint8Array): Uint8Array {
  need(bytes.length >= 13);
  const packed = bytes[10] as number;
  let pos = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  need(pos <= bytes.length);
  const parts: Uint8Array[] = [bytes.subarray(0, pos)];
  const subBlocksEnd = (from: number) => {
    let at = from;
    for (;;) {
      need(at < bytes.length);
      const size = bytes[at] as number;
      at += 1 + size;
      if (size === 0) return at;
    }
  };
  for (;;) {
    need(pos < bytes.length);
    const introducer = bytes[pos];
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(pos, pos + 1));
      break;
    }
    if (introducer === 0x2c) {
      need(pos + 10 <= bytes.length);
      const local = bytes[pos + 9] as number;
      const data = pos + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      const end = subBlocksEnd(data + 1); // after the LZW minimum code size
      parts.push(bytes.subarray(pos, end));
      pos = end;
      continue;
    }
    need(introducer === 0x21 && pos + 2 <= bytes.length);
    const label = bytes[pos + 1];
    const end = subBlocksEnd(pos + 2);
    const isXmp = label === 0xff && ascii(bytes, pos + 3, 11) === 'XMP DataXMP';
    if (label !== 0xfe && !isXmp) parts.push(bytes.subarray(pos, end));
    pos = end;
  }
  return concat(parts);
}
