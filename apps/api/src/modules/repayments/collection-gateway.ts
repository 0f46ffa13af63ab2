/**
 * The collection seam (PRODUCT.md "Orders": a payment-provider interface with a built-in
 * sandbox): money coming IN from the borrower by convenience-store code (超商代碼) or ATM
 * virtual account (虛擬帳號). Payouts (money going OUT) are modules/payments' seam; a
 * real gateway that does both implements both interfaces.
 *
 * A gateway answers asynchronously: a code or account is issued now, and when the
 * borrower pays, a signed server notification arrives (POST /repayments/notify/<gateway>,
 * form-encoded), possibly several times until acknowledged. The adapter owns its wire
 * format: it verifies the check value and reads the notification; modules/repayments
 * applies it once per gateway transaction.
 */

export interface CollectionIssueRequest {
  /** Our request's id: the merchant trade number the notification names. */
  requestId: string;
  amount: number;
  expiresAt: Date;
}

export interface CollectionNotification {
  requestId: string;
  /** The gateway's own id of this payment: a notification is applied once per id. */
  transactionId: string;
  /** NT$ the gateway says was paid. */
  amount: number;
  paid: boolean;
  resultCode: string;
  paidAt: Date | null;
}

export type CollectionNotificationReading =
  { ok: true; notification: CollectionNotification } | { ok: false; reason: 'signature' | 'malformed' };

/**
 * A gateway's word that a number was issued (or could not be), sent apart from the paid
 * notification (ECPay's PaymentInfoURL). It moves no money: it is verified, checked
 * against the request and acknowledged.
 */
export interface CollectionIssuedNotification {
  requestId: string;
  issued: boolean;
  /** The gateway's result code (ECPay: 2 for an ATM account, 10100073 for a store code). */
  resultCode: string;
  amount: number;
  /** The store code or the virtual account issued; null when none was. */
  code: string | null;
}

export type CollectionIssuedNotificationReading =
  { ok: true; notification: CollectionIssuedNotification } | { ok: false; reason: 'signature' | 'malformed' };

export interface CollectionGateway {
  /** Names the gateway in the tables and its notification path. */
  readonly name: string;
  /** A store code (commonly 14 characters) valid until `expiresAt`. */
  issueStoreCode(request: CollectionIssueRequest): Promise<{ storeCode: string }>;
  /** A virtual account number valid until `expiresAt`, with its bank. */
  issueVirtualAccount(request: CollectionIssueRequest): Promise<{ bankCode: string; bankName: string; account: string }>;
  /** Verifies the check value (in constant time) and reads the notification. */
  readNotification(fields: Readonly<Record<string, string>>): CollectionNotificationReading;
  /** The answer the gateway expects for a notification it must not send again. */
  readonly acknowledgement: string;
  /**
   * Gateways that also announce an issued number (POST /repayments/notify/<gateway>/payment-info):
   * verifies and reads that announcement. The number itself is taken when issuing; this
   * only confirms it.
   */
  readIssuedNotification?(fields: Readonly<Record<string, string>>): CollectionIssuedNotificationReading;
}
