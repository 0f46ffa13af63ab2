import type { Db } from '../../db/client.ts';
import { selectPayoutsRequestedBetween } from './payout-figures-repository.ts';

/** Payouts requested in [from, until) with their state and the provider's reference, for finance's export. */
export async function listPayoutsBetween(options: { db: Db; from: Date; until: Date }) {
  const rows = await selectPayoutsRequestedBetween(options.db, options.from, options.until);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    amount: row.amount,
    state: row.state,
    provider: row.provider ?? '',
    providerTransactionId: row.providerTransactionId ?? '',
    requestedAt: row.requestedAt,
    settledAt: row.settledAt,
  }));
}
