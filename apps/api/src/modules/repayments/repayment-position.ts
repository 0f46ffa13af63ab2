import {
  EXTENSION_MAX_REACHED,
  EXTENSION_NOT_EXTENDABLE,
  EXTENSION_ORDER_NOT_REPAYING,
  extensionAprOverCap,
  extensionOutsideWindow,
  REPAY_CHOICE_ALL_DUE,
  REPAY_CHOICE_PAYOFF,
  REPAY_NOTHING_DUE,
  REPAY_PARTS_ALL_ISSUED,
  repayPartUnderMinimum,
  REPAY_ORDER_NOT_REPAYABLE,
  repayChoiceExtension,
  repayChoiceNextInstalment,
} from '@app/contract/messages/repayments.ts';
import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import { nextPayoffPart, type TRepayChannel, type TRepayChoice, type TRepayKind } from '@app/contract/schemas/repayments.ts';
import type { Db } from '../../db/client.ts';
import type { ExtensionQuote } from '../../db/schema/repayments.ts';
import { amountToSettleThrough, nextInstalment, type InstalmentPosition, type LoanAccount } from '../../domain/loan-account.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { quoteAccountExtension } from '../../domain/loan-extension.ts';
import { addDays, type CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { AppError } from '../../errors/app-error.ts';
import { getOrderOfUser, type LoanOrder } from '../orders/index.ts';
import { loanAccountOf, type LoanBooks } from './loan-account-of.ts';
import { sumOpenPayoffParts } from './repayments-repository.ts';

export type ExtensionPosition = { allowed: true; quote: ExtensionQuote; apr: number } | { allowed: false; refusal: string; apr: number };

/** Where an order stands on `today` (the loan account replayed from its journal): what each choice costs, and whether it may be extended. */
export interface RepaymentPosition {
  order: LoanOrder;
  repaying: boolean;
  account: LoanAccount | null;
  /** The oldest instalment not settled, and what settles it today. */
  next: (InstalmentPosition & { amount: number }) | null;
  /** What settles every instalment due by today. */
  allDue: number;
  /** Everything owed today, interest to the day (0 when nothing is). */
  payoff: number;
  /** What the open payoff-part codes already cover (`now` given), else 0. */
  coveredByOpenParts: number;
  extension: ExtensionPosition;
}

export async function ownOrder(options: { db: Db; userId: number; orderId: number }): Promise<LoanOrder> {
  const order = await getOrderOfUser(options);
  if (!order) throw new AppError('BUSINESS_RULE', { userMessage: ORDER_NOT_FOUND, message: 'order not found' });
  return order;
}

export async function repaymentPosition(options: {
  db: Db;
  order: LoanOrder;
  today: CalendarDate;
  /** Given, the open payoff-part codes at this moment are counted. */
  now?: Date;
  capPercent?: number;
}): Promise<RepaymentPosition> {
  const { db, order, today, now, capPercent = APR_CAP_PERCENT } = options;
  const repaying = (REPAYING_ORDER_STATES as readonly string[]).includes(order.state) && order.disbursedOn !== null;
  const books = repaying ? await loanAccountOf({ db, order, today, capPercent }) : null;
  const account = books?.account ?? null;
  const nextRow = account ? nextInstalment(account) : null;
  const lastDue = account?.instalments.filter((row) => row.dueDate <= today).at(-1);
  const somethingDue = account?.instalments.some((row) => row.dueDate <= today && row.settledOn === null) ?? false;
  return {
    order,
    repaying,
    account,
    next: account && nextRow ? { ...nextRow, amount: amountToSettleThrough(account, nextRow.number) } : null,
    allDue: account && lastDue && somethingDue ? amountToSettleThrough(account, lastDue.number) : 0,
    payoff: account?.payoff ?? 0,
    coveredByOpenParts: account && now ? await sumOpenPayoffParts(db, order.id, now) : 0,
    extension: extensionPosition({ order, books, today, capPercent }),
  };
}

function extensionPosition(options: {
  order: LoanOrder;
  books: LoanBooks | null;
  today: CalendarDate;
  capPercent: number;
}): ExtensionPosition {
  const { order, books, today, capPercent } = options;
  const terms = order.terms;
  if (terms.method !== 'singleRepayment' || terms.extension === null) return { allowed: false, refusal: EXTENSION_NOT_EXTENDABLE, apr: 0 };
  const row = books?.account.instalments[0];
  if (order.state !== '待還款' || !order.disbursedOn || !books || !row || books.account.state !== 'repaying') {
    return { allowed: false, refusal: EXTENSION_ORDER_NOT_REPAYING, apr: 0 };
  }
  const result = quoteAccountExtension({
    terms,
    account: books.account,
    disbursedOn: order.disbursedOn,
    cashFlows: books.cashFlows,
    on: today,
    capPercent,
  });
  if (!result.ok) {
    const refusal =
      result.reason === 'maxExtensionsReached'
        ? EXTENSION_MAX_REACHED
        : result.reason === 'outsideWindow'
          ? extensionOutsideWindow(terms.extension.windowDays, extensionOpensOn(row.dueDate, terms.extension.windowDays, today))
          : result.reason === 'aprOverCap'
            ? extensionAprOverCap(result.apr ?? 0, capPercent)
            : result.reason === 'notRepaying'
              ? EXTENSION_ORDER_NOT_REPAYING
              : EXTENSION_NOT_EXTENDABLE;
    return { allowed: false, refusal, apr: result.apr ?? 0 };
  }
  return {
    allowed: true,
    apr: result.apr,
    quote: {
      on: today,
      accruedInterest: result.trial.accruedInterest,
      fee: result.trial.fee,
      fromDueDate: row.dueDate,
      newDueDate: result.trial.newDueDate,
      interestToNewDueDate: result.finalPayment.interest,
    },
  };
}

/** The first day an extension may be asked for, while it is still ahead of `today`; else null. */
export function extensionOpensOn(dueDate: CalendarDate, windowDays: number, today: CalendarDate): CalendarDate | null {
  const opens = addDays(dueDate, -windowDays);
  return today < opens ? opens : null;
}

/** A single-repayment loan's "next instalment" is the whole loan: paid today, with interest to today. */
export function isPayoff(order: LoanOrder, kind: TRepayKind): boolean {
  return kind === 'payoff' || (kind === 'nextInstalment' && order.terms.method === 'singleRepayment');
}

/**
 * What paying `kind` costs now, or the refusal that says why it cannot be paid. A payoff
 * part is the next part of what the open part codes do not cover yet, within `channel`.
 */
export function amountFor(
  position: RepaymentPosition,
  kind: TRepayKind,
  channel?: Pick<TRepayChannel, 'name' | 'minAmount' | 'maxAmount'>,
): { amount: number; extension: ExtensionQuote | null } {
  if (!position.repaying || position.payoff === 0) {
    throw new AppError('BUSINESS_RULE', { userMessage: REPAY_ORDER_NOT_REPAYABLE, message: 'order not repayable' });
  }
  if (kind === 'extension') {
    const extension = position.extension;
    if (!extension.allowed) throw new AppError('BUSINESS_RULE', { userMessage: extension.refusal, message: 'extension refused' });
    return { amount: extension.quote.accruedInterest + extension.quote.fee, extension: extension.quote };
  }
  if (kind === 'payoffPart') {
    if (!channel) throw new Error('a payoff part needs its channel');
    const left = position.payoff - position.coveredByOpenParts;
    if (left <= 0) throw new AppError('BUSINESS_RULE', { userMessage: REPAY_PARTS_ALL_ISSUED, message: 'payoff parts all issued' });
    const part = nextPayoffPart(left, channel);
    if (part === null) {
      throw new AppError('BUSINESS_RULE', {
        userMessage: repayPartUnderMinimum(channel.name, channel.minAmount),
        message: 'payoff part under the channel minimum',
      });
    }
    return { amount: part, extension: null };
  }
  if (isPayoff(position.order, kind)) return { amount: position.payoff, extension: null };
  if (kind === 'nextInstalment') return { amount: position.next?.amount ?? 0, extension: null };
  if (position.allDue === 0) throw new AppError('BUSINESS_RULE', { userMessage: REPAY_NOTHING_DUE, message: 'nothing due' });
  return { amount: position.allDue, extension: null };
}

/** The choices repay/channel offers on this order now (distinct amounts only). */
export function repayChoices(position: RepaymentPosition): TRepayChoice[] {
  if (!position.repaying || position.payoff === 0) return [];
  const choices: TRepayChoice[] = [];
  const next = position.next;
  if (position.order.terms.method === 'equalInstalments' && next) {
    choices.push({
      kind: 'nextInstalment',
      amount: next.amount,
      label: repayChoiceNextInstalment(next.number, next.dueDate),
      instalment: next.number,
    });
    if (position.allDue > 0 && position.allDue !== next.amount)
      choices.push({ kind: 'allDue', amount: position.allDue, label: REPAY_CHOICE_ALL_DUE });
  }
  choices.push({ kind: 'payoff', amount: position.payoff, label: REPAY_CHOICE_PAYOFF, coveredByOpenParts: position.coveredByOpenParts });
  if (position.extension.allowed) {
    const quote = position.extension.quote;
    choices.push({ kind: 'extension', amount: quote.accruedInterest + quote.fee, label: repayChoiceExtension(quote.newDueDate) });
  }
  return choices;
}
