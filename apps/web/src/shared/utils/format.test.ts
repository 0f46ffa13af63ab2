import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatLabelledMoney,
  formatMoney,
  formatRocDate,
  formatPercent,
  formatTime,
  formatTimeDate,
  taipeiToday,
} from './format.ts';

describe('formatting for the pages', () => {
  it('writes whole dollars with grouping and a no-break space after NT$', () => {
    expect(formatMoney(1234567)).toBe('NT$\u00a01,234,567');
    expect(formatMoney(0)).toBe('NT$\u00a00');
    expect(formatAmount(50000)).toBe('50,000');
  });

  it('keeps a label and its amount on one line (no-break spaces), 利息 NT$ 89', () => {
    expect(formatLabelledMoney('利息', 89)).toBe('利息\u00a0NT$\u00a089');
    expect(formatLabelledMoney('本金', 10000)).not.toMatch(/ /);
  });

  it('writes rates with two decimals', () => {
    expect(formatPercent(15.6)).toBe('15.60%');
    expect(formatPercent(3.349)).toBe('3.35%');
  });

  it('writes calendar dates with slashes', () => {
    expect(formatDate('2026-12-23')).toBe('2026/12/23');
    expect(formatDate('2026-11-24T16:30:00.000Z')).toBe('2026/11/25');
    expect(formatDate('—')).toBe('—');
  });

  it('writes the ROC date where the ID card uses it', () => {
    expect(formatRocDate('1990-12-27')).toBe('民國 79 年 12 月 27 日');
  });

  it("writes times in Taipei's zone, whatever the device's", () => {
    // 16:30 UTC is 00:30 the next day in Taipei.
    expect(formatTime('2026-11-23T16:30:00.000Z')).toBe('2026/11/24 00:30');
    expect(formatTimeDate('2026-11-23T16:30:00.000Z')).toBe('2026/11/24');
    expect(formatTime('not a time')).toBe('not a time');
  });

  it("gives Taipei's today as a calendar date", () => {
    expect(taipeiToday(new Date('2026-11-23T15:59:00.000Z'))).toBe('2026-11-23');
    expect(taipeiToday(new Date('2026-11-23T16:00:00.000Z'))).toBe('2026-11-24');
  });
});
