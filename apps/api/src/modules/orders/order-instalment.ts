import type { InstalmentBalance } from '../../domain/payment-allocation.ts';
import { money } from '../../domain/money.ts';
import type { OrderInstalmentRow } from './orders-repository.ts';

/** An instalment as other modules see it: the ledger's balance (domain/payment-allocation) and whether it is settled. */
export interface OrderInstalment extends InstalmentBalance {
  settledAt: Date | null;
}

/** An instalment row's amounts as the ledger counts them (domain/payment-allocation). */
export function toInstalmentBalance(row: OrderInstalmentRow): InstalmentBalance {
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
  };
}

export function toOrderInstalment(row: OrderInstalmentRow): OrderInstalment {
  return { ...toInstalmentBalance(row), settledAt: row.settledAt };
}
