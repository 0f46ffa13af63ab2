import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { findOwnBankAccount } from '../bank-accounts/index.ts';
import { getOrder } from '../orders/index.ts';
import { applyPayoutNotification, type NotificationOutcome } from './apply-payout-notification.ts';
import {
  formatBankBatchFile,
  formatBankBatchFileBig5,
  parseBankResultFile,
  payoutIdOfReference,
  payoutReference,
  type BankBatchRow,
} from './bank-batch-file.ts';
import {
  selectBankBatches,
  selectBankBatchNames,
  selectBankBatchPayouts,
  selectPayout,
  selectReadyForBankBatch,
  updateBankBatch,
} from './payments-repository.ts';

/** How a bank file's bytes are read, for the console's upload and the command line alike. */
export { decodeBankFile } from './bank-batch-file.ts';

/** The provider name of payouts sent by the bank's batch file (in the payouts table). */
export const BANK_PROVIDER = 'bank';

/**
 * Puts every bank payout ready (needing no release, or released) and not yet in a file into
 * a new batch `YYYYMMDD-N` (Taipei day, N-th of the day), in the caller's transaction: each
 * payout is in one file only, so a file uploaded twice is the operator's doing, never ours.
 * Null when none is ready.
 */
export async function createBankBatch(options: { db: Db; now: Date }): Promise<{ batch: string; count: number; amount: number } | null> {
  const { db, now } = options;
  const ready = await selectReadyForBankBatch(db);
  if (ready.length === 0) return null;
  const day = taipeiCalendarDate(now).replaceAll('-', '');
  const used = new Set(await selectBankBatchNames(db, day));
  let n = used.size + 1;
  while (used.has(`${day}-${n}`)) n += 1;
  const batch = `${day}-${n}`;
  await updateBankBatch(
    db,
    ready.map((row) => row.id),
    batch,
    now,
  );
  return { batch, count: ready.length, amount: ready.reduce((sum, row) => sum + row.amount, 0) };
}

export async function listBankBatches(options: { db: Db }) {
  return selectBankBatches(options.db);
}

/** The batch file's encodings: UTF-8 with a byte-order mark, or Big5 (CP950) for a bank that takes only that. */
export type BankFileEncoding = 'utf8' | 'big5';

/**
 * A batch's file: each payout with the order's receiving account (personal data: the
 * file is downloaded by finance only, each download audited), in UTF-8 with a BOM or in
 * Big5. Null for no such batch; in Big5, a refusal naming the first order whose row holds
 * a character Big5 cannot write (never a `?` in its place).
 */
export async function bankBatchFile(options: {
  db: Db;
  batch: string;
  remarkPrefix: string;
  encoding?: BankFileEncoding;
}): Promise<
  { ok: true; body: string | Buffer; rows: number; amount: number } | { ok: false; orderNo: string; characters: string[] } | null
> {
  const { db, batch } = options;
  const payouts = await selectBankBatchPayouts(db, batch);
  if (payouts.length === 0) return null;
  const rows: BankBatchRow[] = [];
  for (const payout of payouts) {
    const order = await getOrder({ db, orderId: payout.orderId });
    if (!order || order.bankAccountId === null) throw new Error(`payout ${payout.id}: the order has no receiving account`);
    const account = await findOwnBankAccount({ db, userId: order.userId, cardId: String(order.bankAccountId) });
    rows.push({
      bankCode: account.bankCode,
      branchCode: account.branchCode ?? '',
      accountNumber: account.accountNumber,
      holderName: account.holderName,
      amount: payout.amount,
      reference: payoutReference(payout.id),
      orderNo: order.orderNo,
      remark: `${options.remarkPrefix}${order.orderNo}`,
    });
  }
  const amount = payouts.reduce((sum, row) => sum + row.amount, 0);
  if (options.encoding === 'big5') {
    const big5 = formatBankBatchFileBig5(rows);
    return big5.ok ? { ok: true, body: big5.bytes, rows: rows.length, amount } : big5;
  }
  return { ok: true, body: formatBankBatchFile(rows), rows: rows.length, amount };
}

/** What one row of a result file did. `paid`/`failed`: applied now; the others changed nothing. */
export type BankResultOutcome =
  | 'paid'
  | 'failed'
  /** Settled already (this file imported before, or the same row twice). */
  | 'alreadySettled'
  /** The order is no longer disbursing: held for staff, as a gateway notification is. */
  | 'held'
  /** No bank payout in a batch file has this reference. */
  | 'unknown'
  /** The row's amount is not the payout's. */
  | 'amountMismatch'
  /** The status is neither success nor failure, or the amount is not a whole number. */
  | 'unreadable';

export interface BankResultReport {
  line: number;
  reference: string;
  payoutId: number | null;
  outcome: BankResultOutcome;
}

const OUTCOME_OF: Record<NotificationOutcome, BankResultOutcome> = {
  applied: 'paid',
  failed: 'failed',
  duplicate: 'alreadySettled',
  held: 'held',
  unknown: 'unknown',
};

/**
 * Imports the bank's result file: each row marks its payout paid or failed through the
 * same use case a gateway notification goes through (applyPayoutNotification: the payout
 * row locked, settled once, the order to 待還款 with its schedule from the payout date, one
 * transaction per row). Importing the same file again changes nothing (each row is
 * already settled). A row naming no bank payout, or with another amount, is reported and
 * not applied. Null when the file is not a result file (its header lacks the columns).
 */
export async function importBankResult(options: { db: Db; jobs: JobQueue; text: string; now: Date }): Promise<BankResultReport[] | null> {
  const { db, jobs, now } = options;
  const rows = parseBankResultFile(options.text);
  if (!rows) return null;
  const reports: BankResultReport[] = [];
  for (const row of rows) {
    const payoutId = payoutIdOfReference(row.reference);
    const report = (outcome: BankResultOutcome) =>
      reports.push({ line: row.line, reference: row.reference.slice(0, 20), payoutId, outcome });
    const payout = payoutId === null ? null : await selectPayout(db, payoutId);
    if (!payout || payout.channel !== 'bank' || payout.bankBatch === null || payout.providerTransactionId === null) {
      report('unknown');
      continue;
    }
    if (row.amount === null || row.succeeded === null) {
      report('unreadable');
      continue;
    }
    if (row.amount !== payout.amount) {
      report('amountMismatch');
      continue;
    }
    const outcome = await applyPayoutNotification({
      db,
      jobs,
      providerName: BANK_PROVIDER,
      notification: {
        kind: 'payout',
        payoutId: String(payout.id),
        providerTransactionId: payout.providerTransactionId,
        amount: row.amount,
        succeeded: row.succeeded,
        resultCode: row.succeeded ? 'bank:success' : `bank:${row.reason || 'failure'}`,
        paidAt: null,
      },
      now,
    });
    report(OUTCOME_OF[outcome]);
  }
  return reports;
}
