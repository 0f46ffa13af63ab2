import type { CalendarDate } from './loan-schedule/calendar-date.ts';
import { money, type Money } from './money.ts';

/**
 * An instalment as the ledger sees it: what each part asks for and what was paid into
 * it. Parts are paid in the order of ALLOCATION_ORDER.
 */
export interface InstalmentBalance {
  number: number;
  dueDate: CalendarDate;
  principal: Money;
  interest: Money;
  fee: Money;
  overdueInterest: Money;
  paidPrincipal: Money;
  paidInterest: Money;
  paidFee: Money;
  paidOverdueInterest: Money;
}

/** Per instalment, oldest first: overdue interest, then interest, then fees, then principal. */
export const ALLOCATION_ORDER = ['overdueInterest', 'interest', 'fee', 'principal'] as const;
export type InstalmentPart = (typeof ALLOCATION_ORDER)[number];

const PAID: Record<InstalmentPart, 'paidOverdueInterest' | 'paidInterest' | 'paidFee' | 'paidPrincipal'> = {
  overdueInterest: 'paidOverdueInterest',
  interest: 'paidInterest',
  fee: 'paidFee',
  principal: 'paidPrincipal',
};

/** What a part still asks for (never below zero). */
export function partOwed(instalment: InstalmentBalance, part: InstalmentPart): Money {
  return money(Math.max(0, instalment[part] - instalment[PAID[part]]));
}

export function instalmentOwed(instalment: InstalmentBalance): Money {
  return money(ALLOCATION_ORDER.reduce((sum, part) => sum + partOwed(instalment, part), 0));
}

export function totalOwed(instalments: readonly InstalmentBalance[]): Money {
  return money(instalments.reduce((sum, row) => sum + instalmentOwed(row), 0));
}

export interface InstalmentAllocation {
  number: number;
  overdueInterest: Money;
  interest: Money;
  fee: Money;
  principal: Money;
}

export interface AllocationResult {
  /** The instalments with the payment recorded. */
  instalments: InstalmentBalance[];
  /** What each instalment received (only those that received something). */
  allocations: InstalmentAllocation[];
  allocated: Money;
  /** Paid beyond everything owed: kept as the borrower's credit. */
  creditKept: Money;
}

/**
 * Spreads a credited amount over the instalments, oldest due date first, each paying its
 * overdue interest, then interest, then fees, then principal; what is left once nothing
 * is owed is kept as a credit. amount = allocated + creditKept, always.
 */
export function allocatePayment(instalments: readonly InstalmentBalance[], amount: Money): AllocationResult {
  if (!(amount >= 0)) throw new RangeError('a payment is not negative');
  let left: number = amount;
  const ordered = [...instalments].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number - b.number));
  const updated = new Map<number, InstalmentBalance>();
  const allocations: InstalmentAllocation[] = [];
  for (const instalment of ordered) {
    const next = { ...instalment };
    const received: InstalmentAllocation = { number: instalment.number, overdueInterest: money(0), interest: money(0), fee: money(0), principal: money(0) };
    for (const part of ALLOCATION_ORDER) {
      const pay = Math.min(left, partOwed(next, part));
      if (pay <= 0) continue;
      next[PAID[part]] = money(next[PAID[part]] + pay);
      received[part] = money(pay);
      left -= pay;
    }
    updated.set(instalment.number, next);
    if (ALLOCATION_ORDER.some((part) => received[part] > 0)) allocations.push(received);
  }
  return {
    instalments: instalments.map((row) => updated.get(row.number) ?? row),
    allocations,
    allocated: money(amount - left),
    creditKept: money(left),
  };
}
