import { readFile, writeFile } from 'node:fs/promises';
import { buildApp } from '../src/app.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { loadConfig } from '../src/config/env.ts';
import { AppError } from '../src/errors/app-error.ts';
import { createBankBatchByOperator, downloadBankBatch, importBankResultByOperator } from '../src/modules/admin/bank-batch-files.ts';
import { decideReview } from '../src/modules/admin/decide-review.ts';
import type { Actor } from '../src/modules/admin/record-audit.ts';
import { recordAudit } from '../src/modules/admin/record-audit.ts';
import { refundCredit } from '../src/modules/admin/refund-credit.ts';
import { resolveHeld } from '../src/modules/admin/resolve-held.ts';
import { reviewTransfer } from '../src/modules/admin/review-transfer.ts';
import { listAwaitingReview } from '../src/modules/decisions/resolve-manual-review.ts';
import { listPayouts } from '../src/modules/payments/list-payouts.ts';
import { checkBooks } from '../src/modules/repayments/check-books.ts';
import { listCreditLeft, listForReview } from '../src/modules/repayments/list-for-review.ts';

/**
 * npm run operator -- <command> — the console's actions from a terminal, a thin wrapper of
 * the same use cases (modules/admin), each action written to the audit trail as
 * "(command line)". On the configured database (DATABASE_URL, else the PGlite folder of
 * DATA_DIR; stop a running PGlite server first, PGlite takes one process):
 *
 *   list-transfers                 manual transfers waiting for confirmation (待確認)
 *   confirm-transfer <id> [note]   the money is on the lender's account: credit it (oldest instalment first)
 *   reject-transfer <id> [note]    not found on the account: nothing is credited, the borrower sees it
 *   list-held                      gateway payments held because the amount differed from the request
 *   credit-held <id> [note]        credit what actually arrived (oldest instalment first, the rest kept as credit)
 *   refund-held <id> [note]        nothing is credited: the money is returned to the payer outside the system
 *   list-credits                   orders holding overpayments (credit kept) not yet refunded
 *   refund-credit <order id> [note] the credit left was paid back to the borrower's account: record it, once
 *   check-books                    the loan journal checked: entries balanced, accounts as replayed, money in
 *                                  as the gateways notified; prints each difference (exit 1 when there is one)
 *   list-reviews                   orders the decision left to staff (face check in manual review)
 *   approve-order <order id> [note] staff approve it: paid out as an automatic approval is (above the
 *                                  console's 雙人覆核門檻 two named operators must approve in the console)
 *   refuse-order <order id> [note]  staff refuse it: 已拒絕 with the staff-review reason and the cool-down
 *   list-payouts [stage]           the latest payouts with their stage (awaitingRelease, inBatch, paid …)
 *   bank-batch <file.csv>          a new bank batch file of the bank payouts ready, written to <file.csv>
 *   import-bank-result <file.csv>  the bank's result file: each row marks its payout paid or failed (idempotent)
 *
 * Releasing a payout is console-only: a release is one named operator's act (two for large
 * amounts), and the command line names nobody. Output goes to this terminal only.
 */
const USAGE =
  'usage: npm run operator -- list-transfers | confirm-transfer <id> [note] | reject-transfer <id> [note] | list-held | credit-held <id> [note] | refund-held <id> [note] | list-credits | refund-credit <order id> [note] | check-books | list-reviews | approve-order <order id> [note] | refuse-order <order id> [note] | list-payouts [stage] | bank-batch <file.csv> | import-bank-result <file.csv>';

const COMMAND_LINE: Actor = { operatorId: null, operatorName: '(command line)' };
const [command, idText, ...noteWords] = process.argv.slice(2);
const note = noteWords.join(' ');
const id = idText && /^\d{1,9}$/.test(idText) ? Number(idText) : null;
const config = loadConfig();

/** A refusal of a use case is printed in its words (exit 1); anything else is a failure. */
async function run(action: () => Promise<string>): Promise<number> {
  try {
    console.log(await action());
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.userMessage);
      return 1;
    }
    throw error;
  }
}

/**
 * A staff verdict or an import may request or settle a payout, whose sending is a job of the
 * app's queue: these run in the whole app (started, then closed; a job it picked up
 * meanwhile finishes first or runs again in the server).
 */
if (command === 'import-bank-result' && idText) {
  // A failed row asks for the borrower's SMS, a job of the app's queue.
  const app = await buildApp(config);
  let exitCode: number;
  try {
    await app.ready();
    // The bytes: decoded as the console's upload is (UTF-8 with or without a BOM, or Big5).
    const content = await readFile(idText);
    exitCode = await run(async () => {
      const result = await importBankResultByOperator({
        db: app.db,
        jobs: app.jobs,
        actor: COMMAND_LINE,
        fileName: idText.split('/').at(-1) ?? idText,
        content,
        now: new Date(),
      });
      console.table(result.rows);
      return JSON.stringify(result.counts);
    });
  } finally {
    await app.close();
  }
  process.exit(exitCode);
}

if ((command === 'approve-order' || command === 'refuse-order') && id !== null) {
  const app = await buildApp(config);
  let exitCode: number;
  try {
    await app.ready();
    exitCode = await run(async () => {
      const result = await decideReview({
        db: app.db,
        jobs: app.jobs,
        actor: COMMAND_LINE,
        orderId: id,
        verdict: command === 'approve-order' ? 'approve' : 'refuse',
        reasonCode: command === 'approve-order' ? 'documentsVerified' : 'other',
        note,
        payoutPolicy: config.payouts,
        now: new Date(),
      });
      return `order ${id} ${result.outcome} (${result.orderState})`;
    });
  } finally {
    await app.close();
  }
  process.exit(exitCode);
}

const handle = await prepareDatabase(config);
const db = handle.db;
let exitCode = 0;
try {
  if (command === 'list-transfers' || command === 'list-held') {
    const items = await listForReview({ db, what: command === 'list-transfers' ? 'transfers' : 'held' });
    console.table(items);
    if (items.length === 0) console.log('(nothing waits)');
  } else if ((command === 'confirm-transfer' || command === 'reject-transfer') && id !== null) {
    const verdict = command === 'confirm-transfer' ? 'confirm' : 'reject';
    exitCode = await run(async () => {
      const result = await reviewTransfer({
        db,
        actor: COMMAND_LINE,
        requestId: id,
        verdict,
        ...(verdict === 'reject' ? { reasonCode: 'notReceived' as const } : {}),
        note,
        now: new Date(),
      });
      return `transfer ${id} ${result.outcome} (${result.orderState ?? '—'})`;
    });
  } else if ((command === 'credit-held' || command === 'refund-held') && id !== null) {
    exitCode = await run(async () => {
      const result = await resolveHeld({
        db,
        actor: COMMAND_LINE,
        requestId: id,
        verdict: command === 'credit-held' ? 'credit' : 'refund',
        note,
        now: new Date(),
      });
      return `payment ${id} ${result.outcome} (${result.orderState ?? '—'})`;
    });
  } else if (command === 'list-reviews') {
    const items = await listAwaitingReview({ db });
    console.table(items);
    if (items.length === 0) console.log('(nothing waits)');
  } else if (command === 'check-books') {
    const differences = await checkBooks({ db });
    await recordAudit({ db, actor: COMMAND_LINE, at: new Date(), action: 'books.checked', after: { differences: differences.length } });
    if (differences.length === 0) console.log('the books balance: every entry, every order, every notification');
    else {
      console.table(differences);
      exitCode = 1;
    }
  } else if (command === 'list-credits') {
    const items = await listCreditLeft({ db });
    console.table(items);
    if (items.length === 0) console.log('(no credit kept)');
  } else if (command === 'refund-credit' && id !== null) {
    exitCode = await run(async () => {
      await refundCredit({ db, actor: COMMAND_LINE, orderId: id, note, now: new Date() });
      return `order ${id}: the credit left recorded as refunded`;
    });
  } else if (command === 'list-payouts') {
    const { items, total } = await listPayouts({ db, stage: idText, page: 1 });
    console.table(
      items.map(({ id: payoutId, orderNo, amount, stage, channel, bankBatch, requestedAt, settledAt }) => ({
        payoutId,
        orderNo,
        amount,
        stage,
        channel,
        bankBatch,
        requestedAt,
        settledAt,
      })),
    );
    console.log(`${items.length} of ${total}`);
  } else if (command === 'bank-batch' && idText) {
    const target = idText;
    exitCode = await run(async () => {
      const created = await createBankBatchByOperator({ db, actor: COMMAND_LINE, now: new Date() });
      const file = await downloadBankBatch({ db, actor: COMMAND_LINE, batch: created.batch, remarkPrefix: '撥款', now: new Date() });
      await writeFile(target, file.body, { mode: 0o600 });
      return `batch ${created.batch}: ${created.count} payouts, NT$ ${created.amount} written to ${target}`;
    });
  } else {
    console.error(USAGE);
    exitCode = 2;
  }
} finally {
  await handle.close();
}
process.exit(exitCode);
