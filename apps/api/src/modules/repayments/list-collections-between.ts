import type { Db } from '../../db/client.ts';
import { selectCreditsBetween } from './repayment-figures-repository.ts';

/** Payments credited in [from, until): what arrived and where it went (instalments, extension, credit kept), for finance's export. */
export async function listCollectionsBetween(options: { db: Db; from: Date; until: Date }) {
  return selectCreditsBetween(options.db, options.from, options.until);
}
