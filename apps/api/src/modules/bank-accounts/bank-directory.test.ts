import { describe, expect, it } from 'vitest';
import { isSameHolderName } from './holder-name.ts';
import { loadBankDirectory, parseBankDirectory } from './bank-directory.ts';

describe('the bank directory data', () => {
  it('holds the 39 banks and 4,161 branches of the FSC data, each branch under its own bank', async () => {
    const directory = await loadBankDirectory();
    expect(directory.banks).toHaveLength(39);
    const branches = directory.banks.flatMap((bank) => directory.branches(bank.code));
    expect(branches).toHaveLength(4161);
    expect(directory.banks.filter((bank) => !bank.hasBranches).map((bank) => bank.code)).toEqual(['018', '700', '824', '826']);
    expect(directory.branch('0040037')).toMatchObject({ bankCode: '004', name: '臺灣銀行營業部' });
  });

  it('refuses data it cannot trust instead of starting with it', () => {
    const banks = 'code\tname\n004\t臺灣銀行\n';
    const header = '# source\nbank_code\tbranch_code\tname\taddress\tphone\n';
    expect(() => parseBankDirectory(banks, `${header}004\t0050018\t錯\t地址\t電話\n`)).toThrow(/bad branch code/);
    expect(() => parseBankDirectory(banks, `${header}005\t0050018\t錯\t地址\t電話\n`)).toThrow(/unknown bank/);
    expect(() => parseBankDirectory(banks, `${header}004\t0040037\t營業部\n`)).toThrow(/cells/);
    expect(() => parseBankDirectory('code\tname\n004\t臺灣銀行\n004\t臺灣銀行\n', header)).toThrow(/twice/);
    expect(() => parseBankDirectory('id\tname\n', header)).toThrow(/header/);
  });
});

describe('the holder name', () => {
  it('is the verified name, however it is typed', () => {
    expect(isSameHolderName(' 王 小明 ', '王小明')).toBe(true);
    expect(isSameHolderName('Ｗａｎｇ', 'wang')).toBe(true);
    expect(isSameHolderName('馬躍・比吼', '馬躍·比吼')).toBe(true);
  });
  it('is refused when it is another name or empty', () => {
    expect(isSameHolderName('王大明', '王小明')).toBe(false);
    expect(isSameHolderName('王小', '王小明')).toBe(false);
    expect(isSameHolderName('  ', '')).toBe(false);
  });
});
