import { negotiate } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Compresses buffered answers of `threshold` bytes and more (encrypted envelopes, the raw
 * contract HTML, the bank and branch lists, index.html) with brotli or gzip, by the
 * request's Accept-Encoding. Streams and answers that already carry a Content-Encoding
 * (the web app's precompressed files) pass through untouched.
 *
 * Written here rather than taken from @fastify/compress: that plugin passes a payload
 * through uncompressed, yet labelled gzip, whenever its first two bytes happen to look
 * like a zlib header — which about one base64 envelope in three hundred does, and the
 * browser then fails to read the answer (docs/decisions.md).
 */
export interface CompressionOptions {
  /** Smallest answer worth compressing, in bytes. */
  threshold: number;
}

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Text-like types only: images, PDFs and archives are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** Brotli quality 4: most of the gain at a small part of quality 11's CPU cost. */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const chosen = negotiate(acceptEncoding, [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

export function compress(payload: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(payload, BROTLI_OPTIONS) : gzipSync(payload);
}

function addVary(current: unknown): string {
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return values.join(', ');
  return [...values, 'Accept-Encoding'].join(', ');
}

export const compressionPlugin = fp<CompressionOptions>(
  async (app, options) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 206) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (!COMPRESSIBLE.test(type)) return payload;
      // Measured without copying: most answers are small envelopes that go out as they are.
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (size < options.threshold) return payload;
      // Whether the answer is compressed depends on Accept-Encoding, so caches must know.
      reply.header('vary', addVary(reply.getHeader('vary')));
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed = compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
      reply.header('content-encoding', encoding);
      reply.header('content-length', compressed.length);
      return compressed;
    });
  },
  { name: 'compression' },
);
