import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import type { LoanJournalKind } from '../../db/schema/repayments.ts';
import type { LoanAccount, PaymentAllocation } from '../../domain/loan-account.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { changeOrderState, changeOrderStatesFrom, lockOrder } from '../orders/index.ts';
import { journalTargets, replayLoan, type LoanBooks } from './loan-account-of.ts';
import {
  insertJournalEntry,
  insertJournalLines,
  selectInstalments,
  selectJournalBalances,
  selectJournalEntries,
  updateInstalmentPosition,
  updateInstalmentPositions,
  type InstalmentPosition,
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
export async function postLoanEvent(options: {
  db: Db;
  orderId: number;
  event: LoanEventToPost;
  at: Date;
  today: CalendarDate;
  cause: string;
}): Promise<PostedLoanEvent> {
  const { db, orderId, event, at, today } = options;
  const order = await lockOrder({ db, orderId });
  if (!order?.disbursedOn) return { posted: false, reason: 'notPaidOut' };
  const postedOn = event.valueDate > today ? event.valueDate : today;
  const entry = await insertJournalEntry(db, { orderId, ...event, detail: event.detail ?? {}, postedOn, at });
  if (!entry) return { posted: false, reason: 'duplicate' };
  const [rows, entries] = await Promise.all([selectInstalments(db, [orderId]), selectJournalEntries(db, orderId)]);
  // As of the latest day the books were posted for: a payment paid (and valued) before an
  // event already posted — the gateway's notice of yesterday's transfer arriving after
  // today's extension — must not drop that event from the books.
  const booksDay = entries.reduce((last, posted) => (posted.postedOn > last ? posted.postedOn : last), postedOn);
  const books = replayLoan({ order, disbursedOn: order.disbursedOn, rows, entries, today: booksDay });
  await postJournalLines(db, { orderId, entryId: entry.id, books });
  const { settled } = await recordLoanPosition({
    db,
    orderId,
    state: order.state,
    rows,
    account: books.account,
    at,
    cause: options.cause,
    detail: { source: event.source },
  });
  const allocation = books.account.allocations.find((item) => item.eventId === String(entry.id)) ?? null;
  return { posted: true, entry, books, allocation, settled };
}

/** The entry's lines: for every journal account, what brings its balance to the replayed figure. */
async function postJournalLines(db: Db, options: { orderId: number; entryId: number; books: LoanBooks }): Promise<void> {
  const balances = await selectJournalBalances(db, options.orderId);
  const lines = Object.entries(journalTargets(options.books))
    .map(([account, target]) => ({
      entryId: options.entryId,
      orderId: options.orderId,
      account,
      amount: target - (balances.get(account) ?? 0),
    }))
    .filter((line) => line.amount !== 0);
  if (lines.reduce((sum, line) => sum + line.amount, 0) !== 0) throw new Error(`journal entry ${options.entryId} would not balance`);
  await insertJournalLines(db, lines);
}

/** The instalments whose stored figures differ from the loan account's, with what they become. */
function changedPositions(
  rows: readonly OrderInstalmentRow[],
  account: LoanAccount,
  at: Date,
): Array<{ id: number; next: InstalmentPosition }> {
  const changes: Array<{ id: number; next: InstalmentPosition }> = [];
  for (const row of rows) {
    const position = account.instalments.find((item) => item.number === row.number);
    if (!position) continue;
    const settledAt = position.settledOn === null ? null : (row.settledAt ?? at);
    const next: InstalmentPosition = {
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
    const same = (Object.keys(next) as Array<keyof typeof next>).every((key) =>
      key === 'settledAt' ? (row.settledAt === null) === (settledAt === null) : row[key] === next[key],
    );
    if (!same) changes.push({ id: row.id, next });
  }
  return changes;
}

/** Where the order's state goes as its account says: 已結清 when nothing is owed, 已逾期 while something due is unpaid, 待還款 again once paid; null when it stays. */
function stateMove(state: string, account: LoanAccount): { from: readonly TOrderState[]; to: TOrderState } | null {
  if (!(REPAYING_ORDER_STATES as readonly string[]).includes(state)) return null;
  if (account.state === 'settled') return { from: REPAYING_ORDER_STATES, to: '已結清' };
  if (account.state === 'overdue' && state === '待還款') return { from: ['待還款'], to: '已逾期' };
  if (account.state === 'repaying' && state === '已逾期') return { from: ['已逾期'], to: '待還款' };
  return null;
}

/** The detail a state change of the loan account records. */
const moveDetail = (account: LoanAccount, detail?: Record<string, unknown>) => ({
  ...detail,
  payoff: account.payoff,
  pastDue: account.pastDue,
});

/** The order's state as its account says (stateMove), the change recorded. */
async function recordOrderState(options: {
  db: Db;
  orderId: number;
  state: string;
  account: LoanAccount;
  at: Date;
  cause: string;
  detail?: Record<string, unknown>;
}): Promise<{ moved: boolean; settled: boolean }> {
  const { db, orderId, account, at, cause } = options;
  const move = stateMove(options.state, account);
  if (!move) return { moved: false, settled: false };
  const moved = await changeOrderState({
    db,
    orderId,
    from: move.from,
    to: move.to,
    cause,
    at,
    detail: moveDetail(account, options.detail),
  });
  return { moved, settled: moved && move.to === '已結清' };
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
  const changes = changedPositions(options.rows, options.account, options.at);
  for (const { id, next } of changes) await updateInstalmentPosition(options.db, id, next);
  const { moved, settled } = await recordOrderState(options);
  return { changed: changes.length > 0 || moved, settled };
}

/**
 * recordLoanPosition for many orders at once (the overdue run's batch, their rows locked by
 * the caller, so each order's state is the one read): every changed instalment of all of
 * them in one statement, and every state that moves in one more. Answers the orders changed.
 */
export async function recordLoanPositions(options: {
  db: Db;
  orders: ReadonlyArray<{ orderId: number; state: string; rows: readonly OrderInstalmentRow[]; account: LoanAccount }>;
  at: Date;
  cause: string;
  detail?: Record<string, unknown>;
}): Promise<number> {
  const { db, at, cause, detail } = options;
  const changes = options.orders.map((order) => changedPositions(order.rows, order.account, at));
  await updateInstalmentPositions(db, changes.flat());
  const moves = options.orders.flatMap((order) => {
    const move = stateMove(order.state, order.account);
    return move
      ? [{ orderId: order.orderId, from: order.state as TOrderState, to: move.to, detail: moveDetail(order.account, detail) }]
      : [];
  });
  const moved = await changeOrderStatesFrom({ db, changes: moves, cause, at });
  return options.orders.filter((order, k) => moved.has(order.orderId) || (changes[k]?.length ?? 0) > 0).length;
}
