import { peopleDate } from '@app/contract/date-format.ts';
import { ntd } from '@app/contract/money-format.ts';
import {
  SETTLEMENT_FACTS,
  SETTLEMENT_NOT_SETTLED,
  SETTLEMENT_TITLE,
  settlementFileName,
  settlementFooter,
  settlementIssuedBy,
  settlementIssuedOn,
  settlementStatement,
} from '@app/contract/messages/repayments.ts';
import type { TLender } from '@app/contract/schemas/config.ts';
import type { Db } from '../../db/client.ts';
import type { LoanAccount } from '../../domain/loan-account.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { AppError } from '../../errors/app-error.ts';
import { escapeHtml, FileAnswer } from '../../plugins/envelope-codec.ts';
import { renderContractPdf } from '../contracts/index.ts';
import { getBorrowerIdentity } from '../onboarding/index.ts';
import { loanAccountOf } from './loan-account-of.ts';
import { ownOrder } from './repayment-position.ts';

/**
 * The settlement certificate (結清證明) of one of the caller's settled orders, as a PDF: who
 * lent, to whom (ID number masked), the order, its payout and settlement days, and what
 * was paid, every figure from the loan's journal replayed (never a stored total). Before
 * the order is settled it is refused; another user's order is "not found".
 */
export async function settlementCertificate(options: {
  db: Db;
  lender: TLender;
  userId: number;
  orderId: number;
  now: Date;
}): Promise<FileAnswer> {
  const { db, lender, userId, now } = options;
  const order = await ownOrder({ db, userId, orderId: options.orderId });
  const today = taipeiCalendarDate(now);
  const books = order.state === '已結清' ? await loanAccountOf({ db, order, today }) : null;
  const account = books?.account;
  if (!account || account.state !== 'settled' || !order.disbursedOn) {
    throw new AppError('BUSINESS_RULE', { userMessage: SETTLEMENT_NOT_SETTLED, message: 'certificate of an order not settled' });
  }
  const identity = await getBorrowerIdentity({ db, userId });
  const settledOn = account.instalments.reduce<string>(
    (last, row) => (row.settledOn && row.settledOn > last ? row.settledOn : last),
    order.disbursedOn,
  );
  const html = settlementCertificateHtml({
    lender,
    borrower: { name: identity?.name ?? '', maskedIdNumber: identity?.maskedIdNumber ?? '' },
    orderNo: order.orderNo,
    disbursedOn: order.disbursedOn,
    settledOn,
    issuedOn: today,
    account,
  });
  const pdf = await renderContractPdf({
    html,
    contractNo: order.orderNo,
    signedAt: now,
    lenderName: lender.name,
    title: SETTLEMENT_TITLE,
    footerLabel: settlementFooter(order.orderNo),
  });
  return new FileAnswer(pdf, 'application/pdf', settlementFileName(order.orderNo));
}

/** The certificate's text, in the markup the document PDF understands (h1, p, a facts table). */
export function settlementCertificateHtml(input: {
  lender: TLender;
  borrower: { name: string; maskedIdNumber: string };
  orderNo: string;
  disbursedOn: string;
  settledOn: string;
  issuedOn: string;
  account: Pick<
    LoanAccount,
    | 'principal'
    | 'principalOutstanding'
    | 'interestPaid'
    | 'overdueInterestPaid'
    | 'feesPaid'
    | 'extensionsTaken'
    | 'extensionFeesPaid'
    | 'cashReceived'
    | 'refunded'
  >;
}): string {
  const { lender, account } = input;
  const when = (condition: boolean, ...rows: Array<[string, string]>) => (condition ? rows : []);
  const facts: Array<[string, string]> = [
    [SETTLEMENT_FACTS.orderNo, input.orderNo],
    [SETTLEMENT_FACTS.principal, ntd(account.principal)],
    [SETTLEMENT_FACTS.disbursedOn, peopleDate(input.disbursedOn)],
    [SETTLEMENT_FACTS.settledOn, peopleDate(input.settledOn)],
    [SETTLEMENT_FACTS.principalPaid, ntd(account.principal - account.principalOutstanding)],
    [SETTLEMENT_FACTS.interestPaid, ntd(account.interestPaid)],
    ...when(account.overdueInterestPaid > 0, [SETTLEMENT_FACTS.overduePaid, ntd(account.overdueInterestPaid)]),
    ...when(account.feesPaid > 0, [SETTLEMENT_FACTS.feesPaid, ntd(account.feesPaid)]),
    ...when(
      account.extensionsTaken > 0,
      [SETTLEMENT_FACTS.extensions, String(account.extensionsTaken)],
      [SETTLEMENT_FACTS.extensionFeesPaid, ntd(account.extensionFeesPaid)],
    ),
    [SETTLEMENT_FACTS.cashReceived, ntd(account.cashReceived)],
    ...when(account.refunded > 0, [SETTLEMENT_FACTS.refunded, ntd(account.refunded)]),
  ];
  const e = (text: string) => escapeHtml(text);
  return [
    `<h1>${e(SETTLEMENT_TITLE)}</h1>`,
    `<p>${e(settlementStatement(input.borrower.name, input.borrower.maskedIdNumber, input.orderNo, peopleDate(input.settledOn)))}</p>`,
    `<table class="facts">${facts.map(([label, value]) => `<tr><td>${e(label)}</td><td>${e(value)}</td></tr>`).join('')}</table>`,
    `<p>${e(settlementIssuedBy(lender.name, lender.registrationNo, lender.address))}</p>`,
    `<p>${e(settlementIssuedOn(peopleDate(input.issuedOn)))}</p>`,
  ].join('\n');
}
