import type { Db } from '../../db/client.ts';
import type { LoanJournalKind } from '../../db/schema/repayments.ts';
import type { LoanAccount, PaymentAllocation } from '../../domain/loan-account.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { changeOrderState } from '../orders/change-order-state.ts';
import { lockOrder } from '../orders/lock-order.ts';
import { journalTargets, replayLoan, type LoanBooks } from './loan-account-of.ts';
import {
  insertJournalEntry,
  insertJournalLines,
  selectInstalments,
  selectJournalBalances,
  selectJournalEntries,
  updateInstalmentPosition,
  type LoanJournalEntryRow,
  type OrderInstalmentRow,
} from './repayments-repository.ts';

export interface LoanEventToPost {
  kind: LoanJournalKind;
  /** Unique origin: a second post of the same source changes nothing. */
  source: string;
  amount: number;
  valueDate: CalendarDate;
  paidOn: CalendarDate;
  detail?: Record<string, unknown>;
}

export type PostedLoanEvent =
  | { posted: false; reason: 'duplicate' | 'notPaidOut' }
  | { posted: true; entry: LoanJournalEntryRow; books: LoanBooks; allocation: PaymentAllocation | null; settled: boolean };

/**
 * Posts one money event of an order, in the caller's transaction with the order row locked
 * (events of one order queue here): the entry is recorded once per source; the loan account
 * is replayed from the whole journal (domain/loan-account); the entry's lines bring every
 * journal account to what the account says (so they always balance, and a payment that
 * arrives with an earlier value date corrects what was recognised before); the instalments
 * and the order's state follow (已結清 when nothing is owed, 已逾期 and back).
 */
export async function postLoanEvent(options: { db: Db; orderId: number; event: LoanEventToPost; at: Date; today: CalendarDate; cause: string }): Promise<PostedLoanEvent> {
  const { db, orderId, event, at, today } = options;
  const order = await lockOrder({ db, orderId });
  if (!order?.disbursedOn) return { posted: false, reason: 'notPaidOut' };
  const postedOn = event.valueDate > today ? event.valueDate : today;
  const entry = await insertJournalEntry(db, { orderId, ...event, detail: event.detail ?? {}, postedOn, at });
  if (!entry) return { posted: false, reason: 'duplicate' };
  const [rows, entries] = await Promise.all([selectInstalments(db, [orderId]), selectJournalEntries(db, orderId)]);
  const books = replayLoan({ order, disbursedOn: order.disbursedOn, rows, entries, today: postedOn });
  await postJournalLines(db, { orderId, entryId: entry.id, books });
  const { settled } = await recordLoanPosition({ db, orderId, state: order.state, rows, account: books.account, at, cause: options.cause, detail: { source: event.source } });
  const allocation = books.account.allocations.find((item) => item.eventId === String(entry.id)) ?? null;
  return { posted: true, entry, books, allocation, settled };
}

/** The entry's lines: for every journal account, what brings its balance to the replayed figure. */
async function postJournalLines(db: Db, options: { orderId: number; entryId: number; books: LoanBooks }): Promise<void> {
  const balances = await selectJournalBalances(db, options.orderId);
  const lines = Object.entries(journalTargets(options.books))
    .map(([account, target]) => ({ entryId: options.entryId, orderId: options.orderId, account, amount: target - (balances.get(account) ?? 0) }))
    .filter((line) => line.amount !== 0);
  if (lines.reduce((sum, line) => sum + line.amount, 0) !== 0) throw new Error(`journal entry ${options.entryId} would not balance`);
  await insertJournalLines(db, lines);
}

/**
 * The instalments as the loan account stands (paid parts, interest and fees to the day,
 * overdue interest, a moved due date) and the order's state: 已結清 when nothing is owed, 已逾期
 * while something due before today is unpaid, 待還款 again once it is paid. Says whether
 * anything changed, and whether the order was settled now.
 */
export async function recordLoanPosition(options: {
  db: Db;
  orderId: number;
  state: string;
  rows: readonly OrderInstalmentRow[];
  account: LoanAccount;
  at: Date;
  cause: string;
  detail?: Record<string, unknown>;
}): Promise<{ changed: boolean; settled: boolean }> {
  const { db, orderId, rows, account, at, cause } = options;
  let changed = false;
  for (const row of rows) {
    const position = account.instalments.find((item) => item.number === row.number);
    if (!position) continue;
    const settledAt = position.settledOn === null ? null : (row.settledAt ?? at);
    const next = {
      dueDate: position.dueDate,
      interest: position.interest,
      fee: position.fee,
      overdueInterest: position.overdueInterest,
      paidPrincipal: position.paidPrincipal,
      paidInterest: position.paidInterest,
      paidFee: position.paidFee,
      paidOverdueInterest: position.paidOverdueInterest,
      settledAt,
    };
    const same = (Object.keys(next) as Array<keyof typeof next>).every((key) => (key === 'settledAt' ? (row.settledAt === null) === (settledAt === null) : row[key] === next[key]));
    if (same) continue;
    await updateInstalmentPosition(db, row.id, next);
    changed = true;
  }
  if (!(REPAYING_ORDER_STATES as readonly string[]).includes(options.state)) return { changed, settled: false };
  const detail = { ...options.detail, payoff: account.payoff, pastDue: account.pastDue };
  if (account.state === 'settled') {
    const settled = await changeOrderState({ db, orderId, from: REPAYING_ORDER_STATES, to: '已結清', cause, at, detail });
    return { changed: changed || settled, settled };
  }
  let moved = false;
  if (account.state === 'overdue' && options.state === '待還款') moved = await changeOrderState({ db, orderId, from: ['待還款'], to: '已逾期', cause, at, detail });
  if (account.state === 'repaying' && options.state === '已逾期') moved = await changeOrderState({ db, orderId, from: ['已逾期'], to: '待還款', cause, at, detail });
  return { changed: changed || moved, settled: false };
}
