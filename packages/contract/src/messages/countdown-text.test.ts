import { describe, expect, it } from 'vitest';
import { countdownText } from './order-pages.ts';

describe('countdownText', () => {
  it('says days and hours from a day up, never 「71 小時」', () => {
    expect(countdownText(71 * 3600 + 59 * 60 + 59)).toBe('2 天 23 小時 59 分');
    expect(countdownText(88 * 86_400 + 6 * 3600)).toBe('88 天 6 小時 00 分');
    expect(countdownText(86_400)).toBe('1 天 0 小時 00 分');
  });

  it('counts hours, minutes and seconds below a day', () => {
    expect(countdownText(86_399)).toBe('23 小時 59 分 59 秒');
    expect(countdownText(65)).toBe('0 小時 01 分 05 秒');
    expect(countdownText(0)).toBe('0 小時 00 分 00 秒');
  });
});
