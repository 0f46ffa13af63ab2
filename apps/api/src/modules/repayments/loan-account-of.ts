import type { Db } from '../../db/client.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { loanAccount, type LoanAccount, type LoanEvent, type PlannedInstalment } from '../../domain/loan-account.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { dueDates } from '../../domain/loan-schedule/due-dates.ts';
import { priceLoan } from '../../domain/loan-quote.ts';
import { money } from '../../domain/money.ts';
import type { LoanOrder } from '../orders/index.ts';
import { selectInstalments, selectJournalEntries, type LoanJournalEntryRow, type OrderInstalmentRow } from './repayments-repository.ts';

export interface LoanBooks {
  account: LoanAccount;
  entries: LoanJournalEntryRow[];
  /** Money held for review on the order and not yet credited or returned. */
  held: number;
  /** Cash the borrower paid, on the days it was paid, less refunds (for the APR of the real cash flows). */
  cashFlows: Array<{ on: CalendarDate; amount: number }>;
}

/** The journal entries as the events the loan account replays. */
export function loanEvents(entries: readonly LoanJournalEntryRow[]): LoanEvent[] {
  return entries.flatMap((entry): LoanEvent[] => {
    const id = String(entry.id);
    if (entry.kind === 'payment')
      return [{ kind: 'payment', id, valueDate: entry.valueDate, paidOn: entry.paidOn, amount: money(entry.amount) }];
    if (entry.kind === 'refund') return [{ kind: 'refund', id, valueDate: entry.valueDate, amount: money(entry.amount) }];
    if (entry.kind === 'extension') {
      return [
        {
          kind: 'extension',
          id,
          valueDate: entry.valueDate,
          periodDays: Number(entry.detail.periodDays),
          fee: money(Number(entry.detail.fee)),
        },
      ];
    }
    return [];
  });
}

/** Held money still in suspense: holds, less those credited (a payment naming the hold) and those returned. */
export function heldAmount(entries: readonly LoanJournalEntryRow[]): number {
  let held = 0;
  for (const entry of entries) {
    if (entry.kind === 'hold') held += entry.amount;
    else if (entry.kind === 'returnHeld' || (entry.kind === 'payment' && typeof entry.detail.releasedHold === 'string'))
      held -= entry.amount;
  }
  return held;
}

/**
 * The plan the order was paid out on: the stored instalments' principal on the due dates
 * counted from the payout, and the plan's fees as the order's terms price them (the rows'
 * fee column shows what each instalment's period has earned, not the plan).
 */
export function plannedInstalments(
  order: Pick<LoanOrder, 'terms' | 'term' | 'principal'>,
  disbursedOn: CalendarDate,
  rows: readonly OrderInstalmentRow[],
): PlannedInstalment[] {
  const dates = dueDates(order.terms.method, disbursedOn, order.term);
  const fees = order.terms.fees.length > 0 ? priceLoan(order.terms, money(order.principal), order.term, disbursedOn).quote.instalments : [];
  return rows.map((row) => ({
    number: row.number,
    dueDate: dates[row.number - 1] ?? row.dueDate,
    principal: money(row.principal),
    fee: fees.find((planned) => planned.number === row.number)?.fee ?? money(0),
  }));
}

/**
 * What the order's borrower owes on `today`, replayed from its journal by the one rule
 * of domain/loan-account. Null for an order not paid out.
 */
export async function loanAccountOf(options: {
  db: Db;
  order: LoanOrder;
  today: CalendarDate;
  capPercent?: number;
}): Promise<LoanBooks | null> {
  const { db, order, today } = options;
  if (!order.disbursedOn) return null;
  const [rows, entries] = await Promise.all([selectInstalments(db, [order.id]), selectJournalEntries(db, order.id)]);
  return replayLoan({ order, disbursedOn: order.disbursedOn, rows, entries, today, capPercent: options.capPercent });
}

export function replayLoan(options: {
  order: Pick<LoanOrder, 'terms' | 'term' | 'principal'>;
  disbursedOn: CalendarDate;
  rows: readonly OrderInstalmentRow[];
  entries: LoanJournalEntryRow[];
  today: CalendarDate;
  capPercent?: number | undefined;
}): LoanBooks {
  const { order, disbursedOn, entries } = options;
  const today = options.today < disbursedOn ? disbursedOn : options.today;
  const account = loanAccount({
    method: order.terms.method,
    annualRatePercent: order.terms.annualRatePercent,
    principal: money(order.principal),
    disbursedOn,
    plan: plannedInstalments(order, disbursedOn, options.rows),
    events: loanEvents(entries),
    today,
    capPercent: options.capPercent ?? APR_CAP_PERCENT,
  });
  const cashFlows = entries.flatMap((entry) => (entry.kind === 'payment' ? [{ on: entry.paidOn, amount: entry.amount }] : []));
  return { account, entries, held: heldAmount(entries), cashFlows };
}

/**
 * The balance each journal account must have for the books to say what the account says
 * (debit positive). They sum to zero: every dollar received is principal, interest, fees,
 * credit kept, refunded or held.
 */
export function journalTargets(books: Pick<LoanBooks, 'account' | 'held'>): Record<string, number> {
  const { account, held } = books;
  return {
    principal: account.principalOutstanding,
    interest: account.interestAccrued - account.interestPaid,
    overdueInterest: account.overdueInterestAccrued - account.overdueInterestPaid,
    fees: account.feesCharged - account.feesPaid,
    interestIncome: -account.interestAccrued,
    overdueInterestIncome: -account.overdueInterestAccrued,
    feeIncome: -account.feesCharged,
    credit: -account.creditKept,
    suspense: -held,
    cash: -account.principal + account.cashReceived - account.refunded + held,
  };
}
