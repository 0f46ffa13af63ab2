import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loanContracts } from '../../db/schema/contracts.ts';

/** The only code touching `loan_contracts`. */

export type LoanContractRow = typeof loanContracts.$inferSelect;
export type NewLoanContract = Omit<typeof loanContracts.$inferInsert, 'id' | 'createdAt'>;

/** The contract of `orderId` if `userId` signed it; another user's looks like none. */
export async function selectContractOfUserOrder(db: Db, userId: number, orderId: number): Promise<LoanContractRow | null> {
  const [row] = await db
    .select()
    .from(loanContracts)
    .where(and(eq(loanContracts.orderId, orderId), eq(loanContracts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a signed contract; false when the order already has one (a second signature,
 * also when two race: the unique index on the order decides).
 */
export async function insertContract(db: Db, values: NewLoanContract): Promise<boolean> {
  const rows = await db
    .insert(loanContracts)
    .values(values)
    // Any unique conflict (the order's contract, or its number, which racing signatures of
    // one order share) means another signature stored first: no target, or PostgreSQL
    // raises the number's conflict when that index is checked first.
    .onConflictDoNothing()
    .returning({ id: loanContracts.id });
  return rows.length === 1;
}

export async function countContracts(db: Db, userId: number): Promise<number> {
  return db.$count(loanContracts, eq(loanContracts.userId, userId));
}
