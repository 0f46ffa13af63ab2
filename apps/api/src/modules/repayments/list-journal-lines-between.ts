import type { Db } from '../../db/client.ts';
import { selectJournalLinesBetween } from './repayment-figures-repository.ts';

/** The loan journal's lines (debit positive, credit negative) of the entries posted in [from, until), for finance's export. */
export async function listJournalLinesBetween(options: { db: Db; from: Date; until: Date }) {
  return selectJournalLinesBetween(options.db, options.from, options.until);
}
