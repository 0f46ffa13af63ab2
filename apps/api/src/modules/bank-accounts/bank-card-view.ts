import type { TBankCard } from '@app/contract/schemas/bank-accounts.ts';
import { maskBankAccount } from '@app/contract/validators/bank-account.ts';
import type { BankAccountRow } from './bank-accounts-repository.ts';
import type { BankDirectory } from './bank-directory.ts';

/** A stored account as every answer shows it: the number masked, names from the directory. */
export function toBankCard(row: BankAccountRow, directory: BankDirectory): TBankCard {
  return {
    id: String(row.id),
    bankCode: row.bankCode,
    bankName: directory.bank(row.bankCode)?.name ?? row.bankCode,
    branchCode: row.branchCode,
    branchName: row.branchCode ? (directory.branch(row.branchCode)?.name ?? null) : null,
    accountMasked: maskBankAccount(row.accountNumber),
    holderName: row.holderName,
    isDefault: row.isDefault,
    hasPassbookImage: row.passbookImageKey !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
