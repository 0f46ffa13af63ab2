import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import { payouts } from '../src/db/schema/payments.ts';
import { startRepayment } from '../src/modules/repayments/start-repayment.ts';
import { bodyOf, startAccountsServer, type LoggedIn } from '../src/test/accounts-test-kit.ts';
import { openTestDatabase } from '../src/test/test-database.ts';
import { disbursingOrder } from '../src/test/order-test-kit.ts';

/**
 * npx tsx apps/api/scripts/bench-loan-home-payout-failure.ts — what telling a failed payout on the loans home
 * costs loan/common/index (decision 0173): three borrowers on one server, each asking for
 * the home BENCH_REQUESTS times in turn, for BENCH_ROUNDS rounds: one whose order is
 * 待還款 (the home reads no payout: the path before), one whose order is 放款中 with its
 * payout under way (the payouts read, no failure), one whose payout failed (the failure
 * told). Wall time per request, p50 and p95 over all rounds. The database is the tests'
 * (PGlite in the process, or DATABASE_URL's server).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POLICY = { releaseAbove: 50_000, twoPeopleAbove: 100_000, channel: 'bank' as const };

const database = await openTestDatabase();
const server = await startAccountsServer(database.handle, { env: { PAYOUT_CHANNEL: 'bank', LOG_LEVEL: 'warn' } });
const db = database.handle.db;
try {
  const repaying = await disbursingOrder(server, database.handle, { amount: 10_000, policy: POLICY });
  await startRepayment({ db, orderId: repaying.orderId, disbursedOn: '2026-11-28', at: server.clock.now(), cause: 'payout' });
  const paying = await disbursingOrder(server, database.handle, { amount: 10_000, policy: POLICY });
  const failed = await disbursingOrder(server, database.handle, { amount: 10_000, policy: POLICY });
  // The bank's result row as the import records it: failed, its reason kept as it came.
  await db
    .update(payouts)
    .set({ state: 'failed', settledAt: server.clock.now(), detail: { resultCode: 'bank:帳號錯誤' } })
    .where(eq(payouts.id, failed.payoutId));

  const home = async (user: LoggedIn) =>
    bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {}, user.headers)).envelope);
  const cases: Array<[string, LoggedIn]> = [
    ['待還款 (no payout read)', repaying.borrower],
    ['放款中, payout under way', paying.borrower],
    ['放款中, payout failed (told)', failed.borrower],
  ];
  if ((await home(failed.borrower)).openOrder?.payoutFailure === null) throw new Error('the failure is not told');
  const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, user] of cases) {
      for (let i = 0; i < REQUESTS; i += 1) {
        const start = performance.now();
        await home(user);
        times.get(name)?.push(performance.now() - start);
      }
    }
  }
  const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
  console.log(`loan/common/index, ${REQUESTS} requests × ${ROUNDS} rounds each, ${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${name.padEnd(32)} p50 ${pick(sorted, 0.5).toFixed(2)} ms  p95 ${pick(sorted, 0.95).toFixed(2)} ms`);
  }
} finally {
  await server.close();
  await database.dispose();
}
