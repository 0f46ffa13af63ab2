/**
 * The payment-provider seam (PRODUCT.md "Orders: one state machine"): disbursement now,
 * collection (convenience-store codes, ATM virtual accounts) later, behind one interface.
 * The built-in sandbox (sandbox-payment-provider.ts) works without a network; a real
 * Taiwan gateway (ECPay / NewebPay style) is an adapter implementing the same methods.
 *
 * Gateways answer asynchronously: a request is accepted, and the outcome arrives later as
 * a signed server notification (POST /payments/notify/<provider>, form-encoded), possibly
 * more than once until acknowledged. The adapter owns its wire format: it verifies and
 * reads a notification into a PaymentNotification; modules/payments applies it once.
 */

/** The receiving account, exactly as bound by the borrower (personal data: never logged). */
export interface PayoutBankAccount {
  bankCode: string;
  branchCode: string | null;
  accountNumber: string;
  holderName: string;
}

export interface PayoutRequest {
  /** Our payout's id, the merchant's trade number at the gateway (it deduplicates on it). */
  payoutId: string;
  /** NT$, integer: the whole principal. */
  amount: number;
  bankAccount: PayoutBankAccount;
}

/** What a verified notification says, whatever the gateway's field names. */
export interface PaymentNotification {
  kind: 'payout';
  payoutId: string;
  providerTransactionId: string;
  /** NT$ the provider says it moved. */
  amount: number;
  succeeded: boolean;
  /** The provider's result code (kept on the payout for staff). */
  resultCode: string;
  /** When the money moved, per the provider; its Taipei date is the payout date. */
  paidAt: Date | null;
}

export type NotificationReading =
  | { ok: true; notification: PaymentNotification }
  /** The check value is missing or wrong: refused, nothing changes. */
  | { ok: false; reason: 'signature' | 'malformed' };

export interface PaymentProvider {
  /** Names the provider in the payouts table and in its notification path. */
  readonly name: string;
  /**
   * Asks the provider to pay out. Resolves when the provider accepted the request (the
   * money moves later; a notification tells). Idempotent by `payoutId`: a retried call
   * must not pay twice (a gateway deduplicates on the merchant trade number).
   */
  requestPayout(request: PayoutRequest): Promise<{ providerTransactionId: string }>;
  /** Verifies a notification's check value and reads it. */
  readNotification(fields: Readonly<Record<string, string>>): NotificationReading;
  /** The answer the provider expects for a notification it must not send again. */
  readonly acknowledgement: string;
  // Later, for collection (issue "Orders"): createStoreCode, createVirtualAccount, and
  // notifications of kind 'collection' read by the same readNotification.
}
