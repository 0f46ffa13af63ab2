import { and, asc, count, desc, eq, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { atRestKeysOf, type AtRestKeys } from '../../db/at-rest.ts';
import type { Db } from '../../db/client.ts';
import { accountNumberIndex, rowScope } from '../../db/sealed-tables.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';

/**
 * The only code touching `bank_accounts`. The account number and the holder's name are
 * sealed at rest (db/at-rest.ts), opened here; one account once per user through the
 * account number's blind index.
 */

export interface BankAccountRow {
  id: number;
  bankCode: string;
  branchCode: string | null;
  accountNumber: string;
  holderName: string;
  passbookImageKey: string | null;
  isDefault: boolean;
  createdAt: Date;
}

const columns = {
  userId: bankAccounts.userId,
  keyId: bankAccounts.keyId,
  dataKey: bankAccounts.dataKey,
  id: bankAccounts.id,
  bankCode: bankAccounts.bankCode,
  branchCode: bankAccounts.branchCode,
  accountNumber: bankAccounts.accountNumber,
  holderName: bankAccounts.holderName,
  passbookImageKey: bankAccounts.passbookImageKey,
  isDefault: bankAccounts.isDefault,
  createdAt: bankAccounts.createdAt,
};

const scopeOf = (userId: number) => rowScope('bank_accounts', userId);

type StoredRow = BankAccountRow & { userId: number; keyId: string | null; dataKey: string | null };

function openRow(keys: AtRestKeys, { userId, keyId, dataKey, ...row }: StoredRow): BankAccountRow {
  const rowKey = keys.openRowKey(scopeOf(userId), keyId, dataKey);
  return {
    ...row,
    accountNumber: rowKey.open(bankAccounts.accountNumber.name, row.accountNumber),
    holderName: rowKey.open(bankAccounts.holderName.name, row.holderName),
  };
}

/** The user's accounts: the default first, then oldest first. */
export async function selectBankAccounts(db: Db, userId: number): Promise<BankAccountRow[]> {
  const rows = await db
    .select(columns)
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId))
    .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id));
  const keys = atRestKeysOf(db);
  return rows.map((row) => openRow(keys, row));
}

/** One account of `userId`; someone else's id answers null like a missing one. */
export async function selectOwnBankAccount(db: Db, userId: number, id: number): Promise<BankAccountRow | null> {
  const [row] = await db
    .select(columns)
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
    .limit(1);
  return row ? openRow(atRestKeysOf(db), row) : null;
}

export async function existsBankAccount(db: Db, userId: number, bankCode: string, accountNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.bankCode, bankCode),
        eq(bankAccounts.accountNumberHash, accountNumberIndex(atRestKeysOf(db), accountNumber)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countBankAccounts(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return row?.n ?? 0;
}

/**
 * Inserts an account; it is the default when the user has none yet, decided in the same
 * statement. Two first binds at once both see no default: the partial unique index lets
 * one of them be it, and the other is inserted again as not the default.
 */
export async function insertBankAccount(
  db: Db,
  row: {
    userId: number;
    bankCode: string;
    branchCode: string | null;
    accountNumber: string;
    holderName: string;
    passbookImageKey: string | null;
  },
): Promise<BankAccountRow> {
  const noDefaultYet = sql<boolean>`not exists (select 1 from ${bankAccounts} where ${bankAccounts.userId} = ${row.userId} and ${bankAccounts.isDefault})`;
  const keys = atRestKeysOf(db);
  const rowKey = keys.newRowKey(scopeOf(row.userId));
  const sealed = {
    ...row,
    accountNumber: rowKey.seal(bankAccounts.accountNumber.name, row.accountNumber),
    accountNumberHash: accountNumberIndex(keys, row.accountNumber),
    holderName: rowKey.seal(bankAccounts.holderName.name, row.holderName),
    keyId: rowKey.keyId,
    dataKey: rowKey.dataKey,
  };
  const insert = async (isDefault: boolean | typeof noDefaultYet) => {
    const rows = await db
      .insert(bankAccounts)
      .values({ ...sealed, isDefault })
      .returning(columns);
    return rows.map(({ userId: _userId, keyId: _keyId, dataKey: _dataKey, ...stored }) => ({
      ...stored,
      accountNumber: row.accountNumber,
      holderName: row.holderName,
    }));
  };
  let inserted: BankAccountRow | undefined;
  try {
    [inserted] = await insert(noDefaultYet);
  } catch (error) {
    if (violated(error) !== 'bank_accounts_one_default_uq') throw error;
    [inserted] = await insert(false);
  }
  if (!inserted) throw new Error('bank account insert returned no row');
  return inserted;
}

/** Whether a user has a bank account, as a condition for a combined read (`userId`: a column or a placeholder). */
export function bankAccountCondition(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${bankAccounts} where ${bankAccounts.userId} = ${userId})`;
}

/** Makes `id` the only default of `userId`, in one transaction; false when `id` is not theirs. */
export async function setDefaultBankAccount(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
      .for('update');
    if (!target) return false;
    // Clear first: the partial unique index allows one default at any moment.
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.userId, userId), ne(bankAccounts.id, id), eq(bankAccounts.isDefault, true)));
    await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, id));
    return true;
  });
}

export async function updateBankAccountBranch(db: Db, userId: number, id: number, branchCode: string | null): Promise<void> {
  await db
    .update(bankAccounts)
    .set({ branchCode })
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
}

export async function updatePassbookImage(db: Db, userId: number, id: number, key: string): Promise<void> {
  await db
    .update(bankAccounts)
    .set({ passbookImageKey: key })
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
}

export async function deleteBankAccounts(db: Db, userId: number): Promise<void> {
  await db.delete(bankAccounts).where(eq(bankAccounts.userId, userId));
}

/** The unique index a failed statement broke, if that is why it failed. */
function violated(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return null;
}

/** Whether a failed insert broke the one-account-once rule (a concurrent duplicate). */
export function isDuplicateAccountError(error: unknown): boolean {
  return violated(error) === 'bank_accounts_user_account_hash_uq';
}
