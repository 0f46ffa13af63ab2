import { describe, expect, it } from 'vitest';
import { CSV_BOM, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes UTF-8 text with a byte-order mark and CRLF lines, integers as they are', () => {
    expect(
      toCsv(
        ['訂單編號', '金額'],
        [
          [42, 10_000],
          [43, -500],
        ],
      ),
    ).toBe(`${CSV_BOM}訂單編號,金額\r\n42,10000\r\n43,-500\r\n`);
  });

  it('quotes a field holding a comma, a quote or a line break, and leaves an empty cell for null', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['臺北市,中正區', 'say "hi"', null],
          ['line\nbreak', '', 'x'],
        ],
      ),
    ).toBe(`${CSV_BOM}a,b,c\r\n"臺北市,中正區","say ""hi""",\r\n"line\nbreak",,x\r\n`);
  });

  it('keeps a spreadsheet from reading text as a formula, but not a negative number', () => {
    expect(toCsv(['v'], [['=HYPERLINK("x")'], ['+1+1'], ['@SUM(A1)'], ['-10'], ['-x']])).toBe(
      `${CSV_BOM}v\r\n"'=HYPERLINK(""x"")"\r\n'+1+1\r\n'@SUM(A1)\r\n-10\r\n'-x\r\n`,
    );
  });
});
