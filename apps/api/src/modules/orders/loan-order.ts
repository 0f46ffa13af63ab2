import type { TLoanQuote } from '@app/contract/schemas/loans.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import type { LoanOrderRow } from './orders-repository.ts';

/** An order as other modules see it: the terms and quote as applied for. */
export interface LoanOrder {
  id: number;
  orderNo: string;
  userId: number;
  productId: number | null;
  productName: string;
  terms: LoanProductTerms;
  principal: number;
  term: number;
  bankAccountId: number | null;
  bankAccountLabel: string;
  purpose: string;
  quote: TLoanQuote;
  state: TOrderState;
  contractSignedAt: Date | null;
  disbursedOn: CalendarDate | null;
  refusalCodes: string[];
  coolDownUntil: CalendarDate | null;
  createdAt: Date;
}

export function toLoanOrder(row: LoanOrderRow): LoanOrder {
  if (!row.terms || !row.quote) throw new Error(`order ${row.id} has no terms or quote`);
  return {
    id: row.id,
    orderNo: row.orderNo ?? String(row.id),
    userId: row.userId,
    productId: row.productId,
    productName: row.productName,
    terms: row.terms,
    principal: row.principal,
    term: row.term,
    bankAccountId: row.bankAccountId,
    bankAccountLabel: row.bankAccountLabel,
    purpose: row.purpose,
    quote: row.quote,
    state: row.state,
    contractSignedAt: row.contractSignedAt,
    disbursedOn: row.disbursedOn,
    refusalCodes: row.refusalCodes,
    coolDownUntil: row.coolDownUntil,
    createdAt: row.createdAt,
  };
}
