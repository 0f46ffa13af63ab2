import { inflateSync } from 'node:zlib';

/** The deflated streams of a PDF, inflated (text maps among them). */
export function inflatedStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at, 'latin1');
    if (start < 0) break;
    const end = pdf.indexOf('\nendstream', start, 'latin1');
    if (end < 0) break;
    try {
      streams.push(inflateSync(pdf.subarray(start + 7, end)).toString('latin1'));
    } catch {
      // Not deflated (or an image): not a text map.
    }
    at = end + 10;
  }
  return streams;
}

/** Whether the PDF's ToUnicode maps hold every character of `text` (its glyphs are drawn from them). */
export function pdfMapsCharacters(pdf: Buffer, text: string): string[] {
  const mapped = inflatedStreams(pdf)
    .filter((stream) => stream.includes('begincmap'))
    .join('\n');
  return [...new Set(text)].filter(
    (char) => char.trim() !== '' && !mapped.includes(`<${char.codePointAt(0)?.toString(16).padStart(4, '0')}>`),
  );
}
