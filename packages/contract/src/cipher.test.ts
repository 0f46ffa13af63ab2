import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBrowserCipher } from './cipher-browser.ts';
import { createNodeCipher } from './cipher-node.ts';
import { CipherError, base64ToBytes, bytesToBase64 } from './cipher-format.ts';

interface Vector {
  name: string;
  ivBase64: string;
  plainText: string;
  cipherText: string;
}
const vectors = JSON.parse(readFileSync(new URL('../test-vectors/cipher.json', import.meta.url), 'utf8')) as {
  keyBase64: string;
  otherKeyBase64: string;
  vectors: Vector[];
};

const implementations = [
  ['browser (@noble/ciphers)', createBrowserCipher],
  ['server (node:crypto)', createNodeCipher],
] as const;

describe.each(implementations)('wire cipher: %s', (_name, create) => {
  const cipher = create(vectors.keyBase64);

  it.each(vectors.vectors)('reproduces the committed vector "$name" exactly', (v) => {
    expect(cipher.encryptWithIv(v.plainText, base64ToBytes(v.ivBase64))).toBe(v.cipherText);
    expect(cipher.decrypt(v.cipherText)).toBe(v.plainText);
  });

  it('round-trips Chinese text and uses a fresh iv each time', () => {
    const text = JSON.stringify({ configKey: 'line', note: '已復製 ✓' });
    const a = cipher.encrypt(text);
    const b = cipher.encrypt(text);
    expect(a).not.toBe(b);
    expect(cipher.decrypt(a)).toBe(text);
    expect(cipher.decrypt(b)).toBe(text);
  });

  it('never repeats an iv, also across refills of a pooled random source', () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 1100; i += 1) {
      const frame = base64ToBytes(cipher.encrypt('x'));
      ivs.add(bytesToBase64(frame.subarray(0, 12)));
    }
    expect(ivs.size).toBe(1100);
  });

  it('fails when any single bit of the frame is flipped', () => {
    const frame = base64ToBytes(cipher.encrypt('{"a":1}'));
    for (let byte = 0; byte < frame.length; byte += 1) {
      for (let bit = 0; bit < 8; bit += 1) {
        const tampered = frame.slice();
        tampered[byte] = (tampered[byte] ?? 0) ^ (1 << bit);
        expect(() => cipher.decrypt(bytesToBase64(tampered))).toThrow(CipherError);
      }
    }
  });

  it('fails with the wrong key', () => {
    const other = create(vectors.otherKeyBase64);
    expect(() => other.decrypt(cipher.encrypt('secret'))).toThrow(CipherError);
  });

  it('fails on truncated input', () => {
    const frame = base64ToBytes(cipher.encrypt('hello'));
    expect(() => cipher.decrypt(bytesToBase64(frame.subarray(0, frame.length - 1)))).toThrow(CipherError);
    expect(() => cipher.decrypt(bytesToBase64(frame.subarray(0, 20)))).toThrow(CipherError);
  });

  it('fails on text that is not base64', () => {
    expect(() => cipher.decrypt('not base64 at all!')).toThrow(CipherError);
    expect(() => cipher.decrypt('{"configKey":"line"}')).toThrow(CipherError);
  });

  it('fails on empty input', () => {
    expect(() => cipher.decrypt('')).toThrow(CipherError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => create(bytesToBase64(new Uint8Array(16)))).toThrow(CipherError);
  });
});

it('both implementations read each other', () => {
  const browser = createBrowserCipher(vectors.keyBase64);
  const server = createNodeCipher(vectors.keyBase64);
  const text = JSON.stringify({ status: 200, message: '', body: { 額度: 20000 } });
  expect(server.decrypt(browser.encrypt(text))).toBe(text);
  expect(browser.decrypt(server.encrypt(text))).toBe(text);
});
