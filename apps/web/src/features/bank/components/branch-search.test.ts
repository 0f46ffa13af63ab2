import { describe, expect, it } from 'vitest';
import { branchMatches, districtOf } from './branch-search-input.tsx';

const BANQIAO = { code: '8081171', name: '玉山商業銀行板橋分行', address: '新北市板橋區文化路二段90號1-3樓' };
const GUANQIAN = { code: '0040071', name: '臺灣銀行館前分行', address: '台北市中正區館前路49號1、2樓' };

describe('the branch search', () => {
  it('finds a branch by its name, its 7-digit code or its district, 台 and 臺 alike', () => {
    expect(branchMatches(BANQIAO, '板橋')).toBe(true);
    expect(branchMatches(BANQIAO, '8081171')).toBe(true);
    expect(branchMatches(GUANQIAN, '臺北市中正區')).toBe(true);
    expect(branchMatches(GUANQIAN, '台灣銀行 館前')).toBe(true);
    expect(branchMatches(GUANQIAN, '板橋')).toBe(false);
  });

  it('names the county and district an address starts with', () => {
    expect(districtOf(BANQIAO.address)).toBe('新北市板橋區');
    expect(districtOf(GUANQIAN.address)).toBe('台北市中正區');
    expect(districtOf('')).toBe('');
  });
});
