import {
  EXTENSION_MAX_REACHED,
  EXTENSION_NOT_EXTENDABLE,
  EXTENSION_ORDER_NOT_REPAYING,
  extensionAprOverCap,
  extensionOutsideWindow,
  REPAY_CHOICE_ALL_DUE,
  REPAY_CHOICE_PAYOFF,
  REPAY_NOTHING_DUE,
  REPAY_ORDER_NOT_REPAYABLE,
  repayChoiceExtension,
  repayChoiceNextInstalment,
} from '@app/contract/messages/repayments.ts';
import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import type { TRepayKind } from '@app/contract/schemas/repayments.ts';
import type { Db } from '../../db/client.ts';
import type { ExtensionQuote } from '../../db/schema/repayments.ts';
import { quotePayoff, type PayoffQuote } from '../../domain/early-payoff.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { quoteExtension } from '../../domain/loan-extension.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { money } from '../../domain/money.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import { instalmentOwed } from '../../domain/payment-allocation.ts';
import { AppError } from '../../errors/app-error.ts';
import { getOrderOfUser } from '../orders/get-order.ts';
import { getOrderInstalments } from '../orders/get-order-instalments.ts';
import type { LoanOrder } from '../orders/loan-order.ts';
import type { OrderInstalment } from '../orders/order-instalment.ts';
import { selectExtensions, type LoanExtensionRow } from './repayments-repository.ts';

export type ExtensionPosition =
  | { allowed: true; quote: ExtensionQuote; apr: number }
  | { allowed: false; refusal: string; apr: number };

/** Where an order stands on `today`: what each choice costs, and whether it may be extended. */
export interface RepaymentPosition {
  order: LoanOrder;
  repaying: boolean;
  instalments: OrderInstalment[];
  extensions: LoanExtensionRow[];
  /** The day interest runs from now: the payout or the last extension. */
  interestFrom: CalendarDate;
  next: OrderInstalment | null;
  allDue: number;
  payoff: PayoffQuote | null;
  extension: ExtensionPosition;
}

export async function ownOrder(options: { db: Db; userId: number; orderId: number }): Promise<LoanOrder> {
  const order = await getOrderOfUser(options);
  if (!order) throw new AppError('BUSINESS_RULE', { userMessage: ORDER_NOT_FOUND, message: 'order not found' });
  return order;
}

export async function repaymentPosition(options: { db: Db; order: LoanOrder; today: CalendarDate; capPercent?: number }): Promise<RepaymentPosition> {
  const { db, order, today, capPercent = APR_CAP_PERCENT } = options;
  const [instalments, extensions] = await Promise.all([getOrderInstalments({ db, orderId: order.id }), selectExtensions(db, [order.id])]);
  const repaying = (REPAYING_ORDER_STATES as readonly string[]).includes(order.state) && order.disbursedOn !== null;
  const interestFrom = extensions.at(-1)?.on ?? order.disbursedOn ?? today;
  const owing = instalments.filter((row) => instalmentOwed(row) > 0);
  const allDue = owing.filter((row) => row.dueDate <= today).reduce((sum, row) => sum + instalmentOwed(row), 0);
  const payoff = repaying ? quotePayoff({ annualRatePercent: order.terms.annualRatePercent, instalments, interestFrom, today }) : null;
  return {
    order,
    repaying,
    instalments,
    extensions,
    interestFrom,
    next: repaying ? (owing[0] ?? null) : null,
    allDue,
    payoff,
    extension: extensionPosition({ order, repaying, instalments, extensions, today, capPercent }),
  };
}

function extensionPosition(options: {
  order: LoanOrder;
  repaying: boolean;
  instalments: OrderInstalment[];
  extensions: LoanExtensionRow[];
  today: CalendarDate;
  capPercent: number;
}): ExtensionPosition {
  const { order, instalments, extensions, today, capPercent } = options;
  const terms = order.terms;
  if (terms.method !== 'singleRepayment' || terms.extension === null) return { allowed: false, refusal: EXTENSION_NOT_EXTENDABLE, apr: 0 };
  const [instalment] = instalments;
  if (order.state !== '待還款' || !order.disbursedOn || !instalment || instalmentOwed(instalment) === 0) {
    return { allowed: false, refusal: EXTENSION_ORDER_NOT_REPAYING, apr: 0 };
  }
  const result = quoteExtension({
    terms,
    principal: money(order.principal),
    startDate: order.disbursedOn,
    termDays: order.term,
    previousExtensions: extensions.map((row) => row.on),
    on: today,
    capPercent,
  });
  if (!result.ok) {
    const refusal =
      result.reason === 'maxExtensionsReached'
        ? EXTENSION_MAX_REACHED
        : result.reason === 'outsideWindow'
          ? extensionOutsideWindow(terms.extension.windowDays)
          : result.reason === 'aprOverCap'
            ? extensionAprOverCap(result.apr ?? 0, capPercent)
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
      fromDueDate: instalment.dueDate,
      newDueDate: result.trial.newDueDate,
      interestToNewDueDate: result.finalPayment.interest,
    },
  };
}

/** A single-repayment loan's "next instalment" is the whole loan: paid today, with interest to today. */
export function isPayoff(order: LoanOrder, kind: TRepayKind): boolean {
  return kind === 'payoff' || (kind === 'nextInstalment' && order.terms.method === 'singleRepayment');
}

/** What paying `kind` costs now, or the refusal that says why it cannot be paid. */
export function amountFor(position: RepaymentPosition, kind: TRepayKind): { amount: number; extension: ExtensionQuote | null } {
  if (!position.repaying || !position.payoff || position.payoff.amount === 0) {
    throw new AppError('BUSINESS_RULE', { userMessage: REPAY_ORDER_NOT_REPAYABLE, message: 'order not repayable' });
  }
  if (kind === 'extension') {
    const extension = position.extension;
    if (!extension.allowed) throw new AppError('BUSINESS_RULE', { userMessage: extension.refusal, message: 'extension refused' });
    return { amount: extension.quote.accruedInterest + extension.quote.fee, extension: extension.quote };
  }
  if (isPayoff(position.order, kind)) return { amount: position.payoff.amount, extension: null };
  if (kind === 'nextInstalment') return { amount: position.next ? instalmentOwed(position.next) : 0, extension: null };
  if (position.allDue === 0) throw new AppError('BUSINESS_RULE', { userMessage: REPAY_NOTHING_DUE, message: 'nothing due' });
  return { amount: position.allDue, extension: null };
}

/** The choices repay/channel offers on this order now (distinct amounts only). */
export function repayChoices(position: RepaymentPosition): Array<{ kind: TRepayKind; amount: number; label: string }> {
  if (!position.repaying || !position.payoff || position.payoff.amount === 0) return [];
  const choices: Array<{ kind: TRepayKind; amount: number; label: string }> = [];
  const next = position.next;
  if (position.order.terms.method === 'equalInstalments' && next) {
    choices.push({ kind: 'nextInstalment', amount: instalmentOwed(next), label: repayChoiceNextInstalment(next.number, next.dueDate) });
    if (position.allDue > 0 && position.allDue !== instalmentOwed(next)) choices.push({ kind: 'allDue', amount: position.allDue, label: REPAY_CHOICE_ALL_DUE });
  }
  choices.push({ kind: 'payoff', amount: position.payoff.amount, label: REPAY_CHOICE_PAYOFF });
  if (position.extension.allowed) {
    const quote = position.extension.quote;
    choices.push({ kind: 'extension', amount: quote.accruedInterest + quote.fee, label: repayChoiceExtension(quote.newDueDate) });
  }
  return choices;
}
