import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import type { TOrderDetailResponse } from '@app/contract/schemas/orders.ts';
import type { TPaymentResponse, TRepayKind } from '@app/contract/schemas/repayments.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { orderInstalments } from '../db/schema/repayments.ts';
import { creditRefunds } from '../db/schema/repayments.ts';
import { listCreditLeft } from '../modules/repayments/list-for-review.ts';
import { checkBooks, journalReceipts } from '../modules/repayments/check-books.ts';
import { taipeiCalendarDate } from '../domain/loan-schedule/calendar-date.ts';
import type { LoanProductTerms } from '../domain/loan-product-terms.ts';
import { SandboxCollectionGateway } from '../modules/repayments/sandbox-collection-gateway.ts';
import { bodyOf, type AccountsServer, type LoggedIn } from './accounts-test-kit.ts';
import type { Borrower } from './lending-test-kit.ts';
import { applyForLoan, payOut } from './order-test-kit.ts';

/**
 * Repayment tests: orders walked to 待還款 with the order test kit (the orders module's
 * own use cases, as the contract, the decision and the payout use them), payments asked
 * for over HTTP, and the sandbox gateway's signed notifications posted to the server as
 * a gateway would.
 */

export const requestId = () => `req-${randomBytes(6).toString('hex')}`;

export async function openRepayingOrder(
  server: AccountsServer,
  database: DatabaseHandle,
  borrower: Borrower,
  terms: LoanProductTerms,
  amount: number,
  term: number,
): Promise<number> {
  const now = server.clock.now();
  const id = await applyForLoan(database.db, borrower, { terms, amount, term, now });
  await payOut(database.db, id, { at: now, disbursedOn: taipeiCalendarDate(now) });
  return id;
}

export async function detailOf(server: AccountsServer, user: LoggedIn, orderId: number) {
  return bodyOf<TOrderDetailResponse>(
    (await server.client.call(ENDPOINTS.loanOrderDetail, { orderId: String(orderId) }, user.headers)).envelope,
  ).order;
}

export async function collect(server: AccountsServer, user: LoggedIn, orderId: number, kind: TRepayKind, channel: 'cvs' | 'atm' = 'cvs') {
  const result = await server.client.call(
    ENDPOINTS.repayCollect,
    { requestId: requestId(), orderId: String(orderId), kind, channel },
    user.headers,
  );
  return { result, payment: result.envelope?.status === 200 ? bodyOf<TPaymentResponse>(result.envelope).payment : null };
}

export function sandboxGateway(server: AccountsServer): SandboxCollectionGateway {
  return new SandboxCollectionGateway({ secret: server.app.config.paymentNotifySecret });
}

/** Posts form fields to the sandbox gateway's notification route; the HTTP status and answer. */
export async function postNotification(server: AccountsServer, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.baseUrl}/repayments/notify/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, text: await response.text() };
}

/** The gateway says request `paymentId` was paid `amount` (a new transaction unless one is given). */
export function paidNotification(
  server: AccountsServer,
  paymentId: string,
  amount: number,
  transactionId = `SBXC${randomBytes(6).toString('hex')}`,
  paidAt = server.clock.now(),
) {
  return sandboxGateway(server).notificationFields({ requestId: paymentId, transactionId, amount, paidAt });
}

/**
 * The order's books are right (repayments' checkBooks: every journal entry balanced, every
 * account what the replayed loan account says, the money in equal to what the gateways
 * notified and operators confirmed, the money held equal to the notifications held); the
 * instalment rows never show a part paid beyond what it asks; refunds never beyond credit
 * kept. Answers what came in and the credit kept (refunded or not).
 */
export async function expectBooksBalance(database: DatabaseHandle, orderId: number): Promise<{ credited: number; creditKept: number }> {
  const db = database.db;
  expect(await checkBooks({ db, orderIds: [orderId] })).toEqual([]);
  const instalments = await db.select().from(orderInstalments).where(eq(orderInstalments.orderId, orderId));
  for (const row of instalments) {
    expect(row.paidPrincipal).toBeLessThanOrEqual(row.principal);
    expect(row.paidInterest).toBeLessThanOrEqual(row.interest);
    expect(row.paidFee).toBeLessThanOrEqual(row.fee);
    expect(row.paidOverdueInterest).toBeLessThanOrEqual(row.overdueInterest);
    expect(Math.min(row.paidPrincipal, row.paidInterest, row.paidFee, row.paidOverdueInterest)).toBeGreaterThanOrEqual(0);
  }
  const receipts = await journalReceipts({ db, orderId });
  const credited = receipts.payments.reduce((sum, row) => sum + row.amount, 0);
  const kept = (await listCreditLeft({ db })).find((row) => row.orderId === orderId)?.left ?? 0;
  const refunds = await db.select().from(creditRefunds).where(eq(creditRefunds.orderId, orderId));
  expect(refunds.reduce((sum, row) => sum + row.amount, 0)).toBe(receipts.refunded);
  return { credited, creditKept: kept + receipts.refunded };
}
