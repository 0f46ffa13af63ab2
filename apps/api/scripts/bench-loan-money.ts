/**
 * npm run bench:money — what the loan's money costs to compute and to post.
 *
 * 1. The loan account (domain/loan-account) replayed for an order with 100 payments: this
 *    is what allocating a payment and quoting a payoff each run (mean and p99 per order).
 * 2. On the configured database (DATABASE_URL, else a PGlite folder in a temporary
 *    directory): gateway notifications applied through the real use case
 *    (applyCollectionNotification: check value, one transaction, the journal posted, the
 *    instalments written), ten at a time over 100 orders, as notifications per second.
 *    HTTP is left out: it is measured by bench:api.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { loanOrders } from '../src/db/schema/orders.ts';
import { orderInstalments, repaymentRequests } from '../src/db/schema/repayments.ts';
import { users } from '../src/db/schema/users.ts';
import { loanAccount } from '../src/domain/loan-account.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT } from '../src/domain/loan-default-products.ts';
import { priceLoan } from '../src/domain/loan-quote.ts';
import { addDays } from '../src/domain/loan-schedule/calendar-date.ts';
import { money } from '../src/domain/money.ts';
import { postLoanEvent } from '../src/modules/repayments/post-loan-event.ts';
import { applyCollectionNotification } from '../src/modules/repayments/apply-collection-notification.ts';
import { SandboxCollectionGateway } from '../src/modules/repayments/sandbox-collection-gateway.ts';

const terms = DEFAULT_EQUAL_INSTALMENT_PRODUCT;
const disbursedOn = '2026-01-05';
const { quote } = priceLoan(terms, money(100_000), 12, disbursedOn);
const plan = quote.instalments.map((row) => ({ number: row.number, dueDate: row.dueDate, principal: row.principal, fee: row.fee }));

function replayFigures(): { mean: number; p99: number } {
  const events = Array.from({ length: 100 }, (_, k) => ({
    kind: 'payment' as const,
    id: `p${k}`,
    valueDate: addDays(disbursedOn, k * 3),
    paidOn: addDays(disbursedOn, k * 3),
    amount: money(900 + (k % 7) * 13),
  }));
  const input = {
    method: terms.method,
    annualRatePercent: terms.annualRatePercent,
    principal: money(100_000),
    disbursedOn,
    plan,
    events,
    today: addDays(disbursedOn, 330),
    capPercent: 16,
  };
  for (let k = 0; k < 500; k++) loanAccount(input);
  const times: number[] = [];
  for (let k = 0; k < 5_000; k++) {
    const start = process.hrtime.bigint();
    loanAccount(input);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { mean: times.reduce((sum, t) => sum + t, 0) / times.length, p99: times[Math.floor(times.length * 0.99)]! };
}

async function notificationsPerSecond(): Promise<{ database: string; perSecond: number; count: number }> {
  const databaseUrl = process.env.DATABASE_URL;
  const dir = databaseUrl ? null : await mkdtemp(path.join(os.tmpdir(), 'bench-money-'));
  const handle = await openDatabase({ databaseUrl, pgliteDir: dir ? path.join(dir, 'pglite') : '' });
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const now = new Date(`${disbursedOn}T02:00:00Z`);
    const gateway = new SandboxCollectionGateway({ secret: 'bench-secret' });
    const requests: number[] = [];
    for (let k = 0; k < 100; k++) {
      // No number: nothing here reads it (a login seals it at rest with its blind index).
      const [user] = await db.insert(users).values({}).returning();
      const [order] = await db
        .insert(loanOrders)
        .values({
          userId: user!.id,
          state: '待還款',
          principal: 100_000,
          term: 12,
          terms,
          quote: {
            ...quote,
            productId: '1',
            productName: 'bench',
            method: terms.method,
            term: 12,
            termUnit: 'month',
            annualRatePercent: 12,
            aprPercent: quote.apr,
            aprCapPercent: 16,
            aprFootnote: '',
          },
          disbursedOn,
        })
        .returning();
      await db.insert(orderInstalments).values(
        quote.instalments.map((row) => ({
          orderId: order!.id,
          number: row.number,
          dueDate: row.dueDate,
          principal: row.principal,
          interest: row.interest,
          fee: row.fee,
        })),
      );
      await db.transaction((tx) =>
        postLoanEvent({
          db: tx,
          orderId: order!.id,
          event: { kind: 'payout', source: `payout:${order!.id}`, amount: 100_000, valueDate: disbursedOn, paidOn: disbursedOn },
          at: now,
          today: disbursedOn,
          cause: 'bench',
        }),
      );
      for (let j = 0; j < 10; j++) {
        const [request] = await db
          .insert(repaymentRequests)
          .values({
            orderId: order!.id,
            userId: user!.id,
            kind: 'nextInstalment',
            channel: 'atm',
            amount: 500,
            state: 'pending',
            gateway: gateway.name,
            quotedOn: disbursedOn,
            expiresAt: new Date(now.getTime() + 72 * 3_600_000),
          })
          .returning();
        requests.push(request!.id);
      }
    }
    const log = { warn: () => undefined, info: () => undefined };
    const queue = [...requests];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const fields = gateway.notificationFields({ requestId: String(id), transactionId: `BENCH${id}`, amount: 500, paidAt: now });
          const outcome = await applyCollectionNotification({ db, gateway, fields, now, log });
          if (!outcome.accepted || outcome.outcome !== 'credited') throw new Error(`notification ${id} not credited`);
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    return { database: databaseUrl ? 'PostgreSQL' : 'PGlite', perSecond: requests.length / seconds, count: requests.length };
  } finally {
    await handle.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

const replay = replayFigures();
console.log(
  `loan account replay, 100 payments: mean ${replay.mean.toFixed(3)} ms, p99 ${replay.p99.toFixed(3)} ms per order (allocation and payoff quote each run one)`,
);
const throughput = await notificationsPerSecond();
console.log(
  `${throughput.database}: ${throughput.count} notifications credited, ${throughput.perSecond.toFixed(0)} per second (10 at a time, 10 per order over 100 orders)`,
);
