import type { InstalmentPosition } from '../../domain/loan-account.ts';
import { money, type Money } from '../../domain/money.ts';
import type { OrderInstalmentRow } from './orders-repository.ts';

/**
 * An instalment as other modules see it: the row the loan account last wrote
 * (post-loan-event's recordLoanPosition) — a read model of the journal, not the truth
 * of what is owed, which is always replayed (loan-account-of).
 */
export interface OrderInstalment extends Omit<InstalmentPosition, 'settledOn'> {
  settledAt: Date | null;
}

export function toOrderInstalment(row: OrderInstalmentRow): OrderInstalment {
  return {
    number: row.number,
    dueDate: row.dueDate,
    principal: money(row.principal),
    interest: money(row.interest),
    fee: money(row.fee),
    overdueInterest: money(row.overdueInterest),
    paidPrincipal: money(row.paidPrincipal),
    paidInterest: money(row.paidInterest),
    paidFee: money(row.paidFee),
    paidOverdueInterest: money(row.paidOverdueInterest),
    settledAt: row.settledAt,
  };
}

/** What the instalment still asks for, as last written. */
export function instalmentOwed(row: OrderInstalment): Money {
  const owed = row.principal + row.interest + row.fee + row.overdueInterest - row.paidPrincipal - row.paidInterest - row.paidFee - row.paidOverdueInterest;
  return money(Math.max(0, owed));
}
