import type { Db } from '../../db/client.ts';
import { selectRequestsOfUser } from './repayment-figures-repository.ts';

/** A user's payment requests (store codes, virtual accounts) and manual transfers on every order, newest first. */
export async function listUserPayments(options: { db: Db; userId: number }) {
  return selectRequestsOfUser(options.db, options.userId);
}
