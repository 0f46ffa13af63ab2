import { ORDER_ALREADY_OPEN } from '@app/contract/messages/orders.ts';
import type { TLoanQuote } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import type { LoanProductTerms } from '../../domain/loan-product-terms.ts';
import { AppError } from '../../errors/app-error.ts';
import { insertOrder, updateOrderNo } from './orders-repository.ts';

/** `L` + the Taipei application date + the id on six digits: L20261123000042. */
function orderNumber(id: number, at: Date): string {
  return `L${taipeiCalendarDate(at).replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}

/**
 * Creates the order awaiting signature (待簽約) from a quote, or refuses with
 * ORDER_ALREADY_OPEN when the user has an open order: a partial unique index on open
 * orders makes that hold under concurrent applications too. Run it in the caller's
 * transaction (the application's idempotency record commits with it).
 */
export async function createOrder(options: {
  db: Db;
  userId: number;
  /** The product as applied for: its version and the terms the quote was priced on. */
  product: { id: number; version?: number; name: string; terms: LoanProductTerms };
  principal: number;
  term: number;
  bankAccountId: number;
  /** The receiving account as the borrower saw it, masked (臺灣銀行 ****1234). */
  bankAccountLabel: string;
  purpose: string;
  quote: TLoanQuote;
  requestId: string;
  now: Date;
}): Promise<{ id: number; orderNo: string; state: '待簽約' }> {
  const { db, product, now } = options;
  const row = await insertOrder(
    db,
    {
      userId: options.userId,
      state: '待簽約',
      productId: product.id,
      productName: product.name,
      productVersion: product.version ?? null,
      terms: product.terms,
      principal: options.principal,
      term: options.term,
      bankAccountId: options.bankAccountId,
      bankAccountLabel: options.bankAccountLabel,
      purpose: options.purpose,
      quote: options.quote,
      requestId: options.requestId,
      stateChangedAt: now,
      createdAt: now,
    },
    now,
    'borrower',
  );
  if (!row) throw new AppError('BUSINESS_RULE', { userMessage: ORDER_ALREADY_OPEN, message: 'an order is already open' });
  const orderNo = orderNumber(row.id, now);
  await updateOrderNo(db, row.id, orderNo);
  return { id: row.id, orderNo, state: '待簽約' };
}
