import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { modelSource } from './tesseract-ocr-engine.ts';

const require = createRequire(import.meta.url);
const packedEnglish = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0', 'eng.traineddata.gz');
const roots: string[] = [];

function newRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'model-source-'));
  roots.push(root);
  return root;
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('where the OCR reader loads its model from', () => {
  it('unpacks the packaged model once into a private folder, and a later load reads that copy', async () => {
    const root = newRoot();
    const first = await modelSource('eng', root);
    expect(first.gzip).toBe(false);
    const copy = path.join(first.langPath, 'eng.traineddata');
    expect(readFileSync(copy).equals(gunzipSync(readFileSync(packedEnglish)))).toBe(true);
    expect(statSync(copy).mode & 0o077).toBe(0);
    expect(statSync(first.langPath).mode & 0o077).toBe(0);
    const written = statSync(copy).mtimeMs;

    const again = await modelSource('eng', root);
    expect(again).toEqual(first);
    expect(statSync(copy).mtimeMs).toBe(written);
    expect(readdirSync(first.langPath)).toEqual(['eng.traineddata']);
  });

  it('reads the packaged file itself when the folder is open to other users', async () => {
    const root = newRoot();
    chmodSync(root, 0o777);
    const source = await modelSource('eng', root);
    expect(source).toEqual({ langPath: path.dirname(packedEnglish), gzip: true });
    expect(readdirSync(root)).toEqual([]);
  });
});
