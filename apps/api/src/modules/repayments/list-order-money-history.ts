import type { Db } from '../../db/client.ts';
import { selectOrderMoneyHistory } from './repayment-figures-repository.ts';

/** One order's journal entries (every money event, oldest first) and its extensions, as staff read them. */
export async function listOrderMoneyHistory(options: { db: Db; orderId: number }) {
  const { journal, extensions } = await selectOrderMoneyHistory(options.db, options.orderId);
  return {
    journal: journal.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      source: entry.source,
      amount: entry.amount,
      valueDate: entry.valueDate,
      paidOn: entry.paidOn,
      at: entry.at,
    })),
    extensions: extensions.map((row) => ({
      on: row.on,
      fromDueDate: row.fromDueDate,
      newDueDate: row.newDueDate,
      accruedInterest: row.accruedInterest,
      fee: row.fee,
    })),
  };
}
