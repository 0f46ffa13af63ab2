import { DECISION_REFUSAL_REASONS, DECISION_REFUSED } from '@app/contract/messages/decisions.ts';
import { ORDER_EVENT_TEXTS } from '@app/contract/messages/orders.ts';
import type { TOrderDetail, TOrderInstalment, TOrderSummary } from '@app/contract/schemas/orders.ts';
import { REPAYING_ORDER_STATES } from '../../domain/order-states.ts';
import type { LoanOrder } from './loan-order.ts';
import type { OrderStateChangeRow } from './orders-repository.ts';
import { isCancellable } from './cancel-order.ts';

/** The plain refusal with its reasons in words (unknown codes are left out, never shown raw). */
function refusalText(codes: readonly string[]): string {
  const reasons = codes.flatMap((code) =>
    code in DECISION_REFUSAL_REASONS ? [DECISION_REFUSAL_REASONS[code as keyof typeof DECISION_REFUSAL_REASONS]] : [],
  );
  return reasons.length > 0 ? `${DECISION_REFUSED}：${reasons.join('、')}` : DECISION_REFUSED;
}

const isRepaying = (order: LoanOrder) => (REPAYING_ORDER_STATES as readonly string[]).includes(order.state);

/** An order as the list shows it, with its instalments as the loan account (repayments) shows them. */
/** What the order's term counts: days for a single repayment, months for instalments. */
export function orderTermUnit(order: LoanOrder): 'day' | 'month' {
  return order.terms.method === 'singleRepayment' ? 'day' : 'month';
}

export function orderSummary(order: LoanOrder, instalments: readonly TOrderInstalment[]): TOrderSummary {
  const unpaid = isRepaying(order) ? instalments.filter((row) => row.state !== 'paid') : [];
  const next = unpaid[0];
  return {
    id: String(order.id),
    orderNo: order.orderNo,
    productName: order.productName,
    state: order.state,
    principal: order.principal,
    term: order.term,
    termUnit: orderTermUnit(order),
    outstanding: unpaid.reduce((sum, row) => sum + row.total - row.paid, 0),
    nextDueDate: next?.dueDate ?? null,
    nextDueAmount: next ? next.total - next.paid : 0,
    createdAt: order.createdAt.toISOString(),
  };
}

export function orderDetail(
  order: LoanOrder,
  loanInstalments: readonly TOrderInstalment[],
  changes: readonly OrderStateChangeRow[],
): TOrderDetail {
  // Before payout the schedule shown is the one applied for; after, the one counted from the payout.
  const instalments =
    loanInstalments.length > 0
      ? [...loanInstalments]
      : order.quote.instalments.map((row) => ({ ...row, overdueInterest: 0, paid: 0, state: 'unpaid' as const }));
  const signed = order.contractSignedAt !== null;
  return {
    ...orderSummary(order, instalments),
    method: order.terms.method,
    annualRatePercent: order.terms.annualRatePercent,
    aprPercent: order.quote.aprPercent,
    interest: instalments.reduce((sum, row) => sum + row.interest, 0),
    fees: order.quote.fees,
    totalRepayment: instalments.reduce((sum, row) => sum + row.principal + row.interest + row.fee, 0),
    bankAccount: order.bankAccountLabel,
    purpose: order.purpose,
    disbursedOn: order.disbursedOn,
    instalments,
    events: changes.map((change) => ({
      state: change.toState,
      text:
        change.toState === '待還款' && order.bankAccountLabel
          ? `${ORDER_EVENT_TEXTS.待還款} ${order.bankAccountLabel}`
          : ORDER_EVENT_TEXTS[change.toState],
      at: change.at.toISOString(),
    })),
    refusalMessage: order.state === '已拒絕' ? refusalText(order.refusalCodes) : null,
    coolDownUntil: order.state === '已拒絕' ? order.coolDownUntil : null,
    contractSigned: signed,
    // Filled by the loan account (repayments' getLoanOfOrder), which owns them.
    payments: [],
    extensionsUsed: 0,
    extensionOpensOn: null,
    creditKept: 0,
    creditRefunded: 0,
    awaitingStaff: false,
    // Filled by payments (describePayoutFailure), which owns the payouts.
    payoutFailure: null,
    actions: {
      sign: order.state === '待簽約' && !signed,
      cancel: isCancellable(order.state),
      repay: isRepaying(order),
      extend: isRepaying(order) && order.terms.method === 'singleRepayment' && order.terms.extension !== null,
      viewContract: signed,
    },
  };
}
