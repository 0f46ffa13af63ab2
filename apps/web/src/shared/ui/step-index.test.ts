import { describe, expect, it } from 'vitest';
import { stepIndex } from './step-index.ts';

describe('stepIndex', () => {
  it("maps the 1-based step string to an index, '1' first", () => {
    expect(stepIndex('1')).toBe(0);
    expect(stepIndex('3')).toBe(2);
    expect(stepIndex('5')).toBe(4);
  });

  it('clamps out-of-range and unreadable values', () => {
    expect(stepIndex('9')).toBe(4);
    expect(stepIndex('0')).toBe(0);
    expect(stepIndex('x')).toBe(0);
  });
});
