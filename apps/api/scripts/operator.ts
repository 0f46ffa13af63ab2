import { buildApp, prepareDatabase } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { listAwaitingReview, resolveManualReview } from '../src/modules/decisions/resolve-manual-review.ts';
import { checkBooks } from '../src/modules/repayments/check-books.ts';
import { listCreditLeft, listForReview } from '../src/modules/repayments/list-for-review.ts';
import { refundKeptCredit } from '../src/modules/repayments/refund-kept-credit.ts';
import { resolveHeldPayment } from '../src/modules/repayments/resolve-held-payment.ts';
import { reviewManualTransfer } from '../src/modules/repayments/review-manual-transfer.ts';

/**
 * npm run operator -- <command> — the operator's commands until the back office exists,
 * on the configured database (DATABASE_URL, else the PGlite folder of DATA_DIR; stop a
 * running PGlite server first, PGlite takes one process):
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
 *   approve-order <order id> [note] staff approve it: paid out as an automatic approval is
 *   refuse-order <order id> [note]  staff refuse it: 已拒絕 with the staff-review reason and the cool-down
 *
 * Output goes to this terminal only (it holds the paying account's last five digits).
 */
const USAGE =
  'usage: npm run operator -- list-transfers | confirm-transfer <id> [note] | reject-transfer <id> [note] | list-held | credit-held <id> [note] | refund-held <id> [note] | list-credits | refund-credit <order id> [note] | check-books | list-reviews | approve-order <order id> [note] | refuse-order <order id> [note]';

const [command, idText, ...noteWords] = process.argv.slice(2);
const config = loadConfig();

/**
 * A staff verdict requests a payout, a job of the app's queue: it runs in the whole app
 * (started, then closed once the verdict is recorded; a payout job it picked up meanwhile
 * finishes first or runs again in the server).
 */
if ((command === 'approve-order' || command === 'refuse-order') && idText && /^\d+$/.test(idText)) {
  const app = await buildApp(config);
  let outcome;
  try {
    await app.ready();
    outcome = await resolveManualReview({
      db: app.db,
      jobs: app.jobs,
      orderId: Number(idText),
      verdict: command === 'approve-order' ? 'approve' : 'refuse',
      now: new Date(),
      coolDownDays: config.decisionCoolDownDays,
      note: noteWords.join(' '),
    });
  } finally {
    await app.close();
  }
  console.log(outcome === 'notAwaitingReview' ? `order ${idText} is not waiting for staff: nothing changed` : `order ${idText} ${outcome}`);
  process.exit(outcome === 'notAwaitingReview' ? 1 : 0);
}

const handle = await prepareDatabase(config);
let exitCode = 0;
try {
  if (command === 'list-transfers' || command === 'list-held') {
    const items = await listForReview({ db: handle.db, what: command === 'list-transfers' ? 'transfers' : 'held' });
    console.table(items);
    if (items.length === 0) console.log('(nothing waits)');
  } else if ((command === 'confirm-transfer' || command === 'reject-transfer') && idText && /^\d+$/.test(idText)) {
    const outcome = await reviewManualTransfer({
      db: handle.db,
      requestId: Number(idText),
      verdict: command === 'confirm-transfer' ? 'confirm' : 'reject',
      at: new Date(),
      note: noteWords.join(' '),
    });
    console.log(outcome === 'notAwaiting' ? `transfer ${idText} is not waiting for confirmation: nothing changed` : `transfer ${idText} ${outcome}`);
    if (outcome === 'notAwaiting') exitCode = 1;
  } else if ((command === 'credit-held' || command === 'refund-held') && idText && /^\d+$/.test(idText)) {
    const outcome = await resolveHeldPayment({
      db: handle.db,
      requestId: Number(idText),
      verdict: command === 'credit-held' ? 'credit' : 'refund',
      at: new Date(),
      note: noteWords.join(' '),
    });
    console.log(outcome === 'notHeld' ? `payment ${idText} is not held: nothing changed` : `payment ${idText} ${outcome}`);
    if (outcome === 'notHeld') exitCode = 1;
  } else if (command === 'list-reviews') {
    const items = await listAwaitingReview({ db: handle.db });
    console.table(items);
    if (items.length === 0) console.log('(nothing waits)');
  } else if (command === 'check-books') {
    const differences = await checkBooks({ db: handle.db });
    if (differences.length === 0) console.log('the books balance: every entry, every order, every notification');
    else {
      console.table(differences);
      exitCode = 1;
    }
  } else if (command === 'list-credits') {
    const items = await listCreditLeft({ db: handle.db });
    console.table(items);
    if (items.length === 0) console.log('(no credit kept)');
  } else if (command === 'refund-credit' && idText && /^\d+$/.test(idText)) {
    const refund = await refundKeptCredit({ db: handle.db, orderId: Number(idText), at: new Date(), note: noteWords.join(' ') });
    if (refund.outcome === 'refunded') console.log(`order ${idText}: NT$ ${refund.amount} recorded as refunded`);
    else {
      console.log(refund.outcome === 'noOrder' ? `no order ${idText}: nothing changed` : `order ${idText} holds no credit: nothing changed`);
      exitCode = 1;
    }
  } else {
    console.error(USAGE);
    exitCode = 2;
  }
} finally {
  await handle.close();
}
process.exit(exitCode);
