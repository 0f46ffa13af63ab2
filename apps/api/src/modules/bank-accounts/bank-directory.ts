import { readFile } from 'node:fs/promises';
import type { TBank, TBankBranch } from '@app/contract/schemas/bank-accounts.ts';
import { BANK_BRANCH_CODE_PATTERN, BANK_CODE_PATTERN } from '@app/contract/validators/bank-account.ts';

/**
 * The Taiwan bank directory: banks (3-digit codes) and their branches (7-digit codes),
 * read once at start from db/banks/*.tsv (FSC open data) and kept in memory. It is
 * reference data shipped with the code: the same on every instance, changed by a deploy,
 * and looked up on every bind. Bad data stops the start instead of refusing users later.
 */
export interface BankDirectory {
  /** By code. */
  readonly banks: readonly TBank[];
  bank(code: string): TBank | undefined;
  /** The bank's branches by code; empty for a bank without a branch list. */
  branches(bankCode: string): readonly TBankBranch[];
  branch(code: string): (TBankBranch & { bankCode: string }) | undefined;
}

const DATA_DIR = new URL('../../db/banks/', import.meta.url);

/** Rows of a TSV: `#` lines (the source) and the column header skipped, checked for `columns`. */
function rowsOf(tsv: string, columns: readonly string[], file: string): string[][] {
  const lines = tsv
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'));
  const [header, ...rows] = lines;
  if (header !== columns.join('\t')) throw new Error(`${file}: expected the header ${columns.join(',')}`);
  return rows.map((line, i) => {
    const cells = line.split('\t');
    if (cells.length !== columns.length) throw new Error(`${file}: row ${i + 1} has ${cells.length} cells, not ${columns.length}`);
    const trimmed = cells.map((cell) => cell.trim());
    // The code and the name (the first two columns of both files) are never empty.
    if (!trimmed[0] || !trimmed[1]) throw new Error(`${file}: row ${i + 1} lacks its code or name`);
    return trimmed;
  });
}

export function parseBankDirectory(banksTsv: string, branchesTsv: string): BankDirectory {
  const byBank = new Map<string, TBankBranch[]>();
  const branchByCode = new Map<string, TBankBranch & { bankCode: string }>();
  for (const [bankCode = '', code = '', name = '', address = ''] of rowsOf(
    branchesTsv,
    ['bank_code', 'branch_code', 'name', 'address', 'phone'],
    'taiwan-bank-branches.tsv',
  )) {
    if (!BANK_BRANCH_CODE_PATTERN.test(code) || !code.startsWith(bankCode)) throw new Error(`bad branch code ${code}`);
    if (branchByCode.has(code)) throw new Error(`branch ${code} listed twice`);
    const branch = { code, name, address };
    branchByCode.set(code, { ...branch, bankCode });
    const list = byBank.get(bankCode) ?? [];
    list.push(branch);
    byBank.set(bankCode, list);
  }
  const banks: TBank[] = rowsOf(banksTsv, ['code', 'name'], 'taiwan-banks.tsv')
    .map(([code = '', name = '']) => {
      if (!BANK_CODE_PATTERN.test(code)) throw new Error(`bad bank code ${code}`);
      return { code, name, hasBranches: byBank.has(code) };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
  const bankByCode = new Map(banks.map((bank) => [bank.code, bank]));
  if (bankByCode.size !== banks.length) throw new Error('a bank is listed twice');
  for (const bankCode of byBank.keys()) {
    if (!bankByCode.has(bankCode)) throw new Error(`branches of unknown bank ${bankCode}`);
  }
  for (const list of byBank.values()) list.sort((a, b) => a.code.localeCompare(b.code));
  return {
    banks,
    bank: (code) => bankByCode.get(code),
    branches: (bankCode) => byBank.get(bankCode) ?? [],
    branch: (code) => branchByCode.get(code),
  };
}

export async function loadBankDirectory(): Promise<BankDirectory> {
  const [banks, branches] = await Promise.all([
    readFile(new URL('taiwan-banks.tsv', DATA_DIR), 'utf8'),
    readFile(new URL('taiwan-bank-branches.tsv', DATA_DIR), 'utf8'),
  ]);
  return parseBankDirectory(banks, branches);
}

/** 台 and 臺 are one character to a searcher; Latin letters ignore case. */
export function searchForm(text: string): string {
  return text.normalize('NFKC').replace(/台/g, '臺').toLowerCase().replace(/\s+/g, '');
}
