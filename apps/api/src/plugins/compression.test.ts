import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressionPlugin } from './compression.ts';

// "HK" reads as a valid zlib header (0x48 0x4b: CM 8, (0x48*256+0x4b) % 31 = 0), as about one
// base64 envelope in three hundred does by chance. Such an answer must still be compressed.
const LOOKS_DEFLATED = `HK${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'.repeat(60)}`;

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(compressionPlugin, { threshold: 1024 });
  app.get('/envelope', async (_request, reply) => reply.type('text/plain').send(LOOKS_DEFLATED));
  app.get('/small', async (_request, reply) => reply.type('text/plain').send('HK short'));
  app.get('/png', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096, 7)));
  app.get('/precompressed', async (_request, reply) =>
    reply
      .type('text/javascript')
      .header('content-encoding', 'br')
      .send(Buffer.from([1, 2, 3])),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('answer compression', () => {
  it('compresses a large answer even when its first bytes look like a zlib header', async () => {
    const gzip = await app.inject({ method: 'GET', url: '/envelope', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(LOOKS_DEFLATED);

    const br = await app.inject({ method: 'GET', url: '/envelope', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(LOOKS_DEFLATED);
  });

  it('sends it as it is without Accept-Encoding, to small answers, images and precompressed files', async () => {
    const plain = await app.inject({ method: 'GET', url: '/envelope' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(LOOKS_DEFLATED);

    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.payload).toBe('HK short');

    const png = await app.inject({ method: 'GET', url: '/png', headers: { 'accept-encoding': 'gzip' } });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.length).toBe(4096);

    const file = await app.inject({ method: 'GET', url: '/precompressed', headers: { 'accept-encoding': 'gzip' } });
    expect(file.headers['content-encoding']).toBe('br');
    expect([...file.rawPayload]).toEqual([1, 2, 3]);
  });

  it('follows the quality values of Accept-Encoding', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
