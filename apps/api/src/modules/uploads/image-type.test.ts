import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectImageType', () => {
  it('recognises JPEG, PNG, GIF and WEBP by their magic bytes', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))?.mime).toBe('image/jpeg');
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.ext).toBe('png');
    expect(detectImageType(text('GIF89a......'))?.ext).toBe('gif');
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))?.ext).toBe('webp');
  });

  it('refuses everything else, including truncated signatures and look-alikes', () => {
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(text('%PDF-1.7'))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectImageType(text('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
    expect(detectImageType(new Uint8Array(0))).toBeNull();
  });
});
