import { describe, expect, it } from 'vitest';
import { objectStorageKey, regionHost, STORAGE_REGIONS } from './object-storage.ts';

describe('objectStorageKey', () => {
  it("is 'file/{folder}{timestamp}{10 random chars}' plus the extension", () => {
    const key = objectStorageKey('kyc/', 'id-front.JPG', 1_700_000_000_000);
    expect(key).toMatch(/^file\/kyc\/1700000000000[A-Za-z0-9]{10}\.JPG$/);
  });

  it('has no extension when the name has none', () => {
    expect(objectStorageKey('', 'blob', 1)).toMatch(/^file\/1[A-Za-z0-9]{10}$/);
  });

  it('differs between two files of the same millisecond', () => {
    expect(objectStorageKey('a/', 'x.png', 5)).not.toBe(objectStorageKey('a/', 'x.png', 5));
  });
});

describe('regionHost', () => {
  it('knows the five regions and defaults to SCN', () => {
    expect(Object.keys(STORAGE_REGIONS)).toEqual(['ECN', 'NCN', 'SCN', 'NA', 'ASG']);
    expect(regionHost('NA')).toBe(STORAGE_REGIONS.NA);
    expect(regionHost(undefined)).toBe(STORAGE_REGIONS.SCN);
    expect(regionHost('nowhere')).toBe(STORAGE_REGIONS.SCN);
  });
});
