import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { asTraditional, recognizeLine } from './ppocr-line-reader.ts';

/**
 * The line model (PP-OCRv4 recognition through onnxruntime-node) on lines drawn here in Noto
 * CJK, as the name's region of a card photo looks: the characters it reads, their traditional
 * forms, and the holes it must report instead of a shorter name.
 */

GlobalFonts.registerFromPath('/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', 'LineSansBold');

/** A name's region: the pale card, the name in bold sans, room around it as the layout's crop has. */
function nameCrop(text: string): Buffer {
  const canvas = createCanvas(350, 86);
  const g = canvas.getContext('2d');
  g.fillStyle = '#e2eef0';
  g.fillRect(0, 0, 350, 86);
  g.fillStyle = '#1f2a30';
  g.font = '46px LineSansBold';
  g.fillText(text, 12, 60);
  return canvas.toBuffer('image/png');
}

const text = (chars: ReadonlyArray<{ char: string }>) => chars.map((c) => c.char).join('');

describe('the line model', () => {
  it('gives traditional characters: a simplified one turned into its only traditional form, the traditional ones kept', () => {
    expect(asTraditional('吴')).toBe('吳');
    expect(asTraditional('黄')).toBe('黃');
    // Traditional characters that OpenCC would also "convert" stay themselves (游 is a surname, 于 too).
    expect(asTraditional('游')).toBe('游');
    expect(asTraditional('于')).toBe('于');
    expect(asTraditional('发')).toBe('發');
    // 桜 (Japanese) is neither traditional nor in the table: no character to propose.
    expect(asTraditional('桜')).toBeNull();
    expect(asTraditional('A')).toBe('A');
  });

  it('reads a name the Tesseract model confuses with a look-alike of the same radical, each character with its probability', async () => {
    const line = await recognizeLine(nameCrop('許淑芬'));
    expect(text(line.chars)).toBe('許淑芬');
    expect(line.missing).toBe(false);
    for (const char of line.chars) expect(char.confidence).toBeGreaterThan(0.5);
  });

  it('reads a surname its alphabet holds only in simplified form as the card prints it', async () => {
    const line = await recognizeLine(nameCrop('吳翰宏'));
    expect(text(line.chars)).toBe('吳翰宏');
    expect(line.missing).toBe(false);
  });

  it('reports a character outside its alphabet as missing instead of a shorter name', async () => {
    // 蓁 is not among the model's 6,623 characters: it reads 趙廷 and must say so.
    const line = await recognizeLine(nameCrop('趙蓁廷'));
    expect(line.missing).toBe(true);
    expect(text(line.chars)).not.toBe('趙蓁廷');
  });

  it('reads nothing from a blank crop', async () => {
    const line = await recognizeLine(nameCrop(''));
    expect(line.chars).toEqual([]);
    expect(line.missing).toBe(false);
  });
});
