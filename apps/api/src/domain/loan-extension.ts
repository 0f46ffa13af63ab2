import { aprPercent, dailyCashFlowApr } from './apr.ts';
import type { LoanAccount } from './loan-account.ts';
import { APR_CAP_PERCENT, exceedsAprCap } from './lending-limits.ts';
import { addDays, daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { dayCountInterest } from './loan-schedule/single-repayment-schedule.ts';
import type { ExtensionTerms, LoanProductTerms } from './loan-product-terms.ts';
import { addMoney, money, percentOf, sumMoney, type Money } from './money.ts';

/** What the borrower pays to extend (展期), and where the due date goes. */
export interface ExtensionTrial {
  /** Interest from the last day interest was paid to `on`. */
  accruedInterest: Money;
  fee: Money;
  payment: Money;
  newDueDate: CalendarDate;
}

export type ExtensionRefusal = 'notExtendable' | 'maxExtensionsReached' | 'outsideWindow';

export function extensionFee(extension: ExtensionTerms, principal: Money): Money {
  return addMoney(extension.fee.fixed, percentOf(principal, extension.fee.percentOfPrincipal));
}

/**
 * The extension asked on `on`: the interest accrued since `interestFrom` (the payout or
 * the last extension) plus the extension fee; the due date moves by the period from the
 * current due date, not from `on`. Allowed in the window before the current due date.
 */
export function extensionTrial(options: {
  terms: LoanProductTerms;
  principal: Money;
  interestFrom: CalendarDate;
  currentDueDate: CalendarDate;
  extensionsTaken: number;
  on: CalendarDate;
}): { ok: true; trial: ExtensionTrial } | { ok: false; reason: ExtensionRefusal } {
  const { terms, principal, interestFrom, currentDueDate, on } = options;
  const extension = terms.method === 'singleRepayment' ? terms.extension : null;
  if (extension === null) return { ok: false, reason: 'notExtendable' };
  if (options.extensionsTaken >= extension.maxCount) return { ok: false, reason: 'maxExtensionsReached' };
  const daysBeforeDue = daysBetween(on, currentDueDate);
  if (daysBeforeDue < 0 || daysBeforeDue > extension.windowDays || daysBetween(interestFrom, on) < 0) {
    return { ok: false, reason: 'outsideWindow' };
  }
  const accruedInterest = dayCountInterest(principal, terms.annualRatePercent, daysBetween(interestFrom, on));
  const fee = extensionFee(extension, principal);
  return {
    ok: true,
    trial: { accruedInterest, fee, payment: addMoney(accruedInterest, fee), newDueDate: addDays(currentDueDate, extension.periodDays) },
  };
}

export interface ExtendedLoanPayment {
  on: CalendarDate;
  interest: Money;
  fee: Money;
  principal: Money;
  amount: Money;
}

/**
 * A single-repayment loan extended on the given days, followed to its final repayment:
 * each extension pays the accrued interest and its fee; the final repayment pays the
 * principal, the interest since the last extension and the loan's own fees (due with
 * the repayment, which the extensions moved). `apr` is the cumulative APR (a fraction):
 * daily IRR × 365, never below the simple rate over the whole time.
 */
export function extendedLoanPlan(options: {
  terms: LoanProductTerms;
  principal: Money;
  startDate: CalendarDate;
  termDays: number;
  extendOn: readonly CalendarDate[];
}): { payments: ExtendedLoanPayment[]; finalDueDate: CalendarDate; apr: number } {
  const { terms, principal, startDate } = options;
  let dueDate = addDays(startDate, options.termDays);
  let interestFrom = startDate;
  const payments: ExtendedLoanPayment[] = [];
  options.extendOn.forEach((on, index) => {
    const result = extensionTrial({ terms, principal, interestFrom, currentDueDate: dueDate, extensionsTaken: index, on });
    if (!result.ok) throw new RangeError(`extension ${index + 1} on ${on}: ${result.reason}`);
    const { accruedInterest, fee, payment, newDueDate } = result.trial;
    payments.push({ on, interest: accruedInterest, fee, principal: money(0), amount: payment });
    interestFrom = on;
    dueDate = newDueDate;
  });
  const interest = dayCountInterest(principal, terms.annualRatePercent, daysBetween(interestFrom, dueDate));
  const fee = sumMoney(terms.fees.map((rule) => addMoney(rule.fixed, percentOf(principal, rule.percentOfPrincipal))));
  payments.push({ on: dueDate, interest, fee, principal, amount: sumMoney([principal, interest, fee]) });
  const apr = dailyCashFlowApr({ received: principal, receivedOn: startDate, payments });
  return { payments, finalDueDate: dueDate, apr };
}

/**
 * The extension trial a borrower confirms (PRODUCT.md: the fee, the new due date and the
 * resulting APR): the loan with its earlier extensions and this one, repaid on the new
 * due date. Refused by the rules of extensionTrial, or when that cumulative APR would
 * be over the cap.
 */
export function quoteExtension(options: {
  terms: LoanProductTerms;
  principal: Money;
  startDate: CalendarDate;
  termDays: number;
  /** The days earlier extensions were taken, in order. */
  previousExtensions: readonly CalendarDate[];
  on: CalendarDate;
  capPercent?: number;
}):
  | { ok: true; trial: ExtensionTrial; apr: number; finalPayment: ExtendedLoanPayment }
  | { ok: false; reason: ExtensionRefusal | 'aprOverCap'; apr?: number } {
  const { terms, principal, startDate, termDays, previousExtensions, on, capPercent = APR_CAP_PERCENT } = options;
  let interestFrom = startDate;
  let currentDueDate = addDays(startDate, termDays);
  for (const taken of previousExtensions) {
    interestFrom = taken;
    currentDueDate = addDays(currentDueDate, terms.extension?.periodDays ?? 0);
  }
  const result = extensionTrial({ terms, principal, interestFrom, currentDueDate, extensionsTaken: previousExtensions.length, on });
  if (!result.ok) return result;
  const plan = extendedLoanPlan({ terms, principal, startDate, termDays, extendOn: [...previousExtensions, on] });
  if (exceedsAprCap(plan.apr, capPercent)) return { ok: false, reason: 'aprOverCap', apr: aprPercent(plan.apr) };
  return { ok: true, trial: result.trial, apr: aprPercent(plan.apr), finalPayment: plan.payments.at(-1)! };
}

/**
 * The highest cumulative APR a borrower could reach with 0..maxCount extensions, each
 * taken either on its due date or on the first day of its window (a fee paid earlier
 * costs more). This is what the cap must hold for a product's extension configuration.
 */
export function worstExtendedLoanApr(options: { terms: LoanProductTerms; principal: Money; startDate: CalendarDate; termDays: number }): {
  apr: number;
  extendOn: CalendarDate[];
} {
  const extension = options.terms.extension;
  let worst = { apr: -Infinity, extendOn: [] as CalendarDate[] };
  if (extension === null) return worst;
  for (let count = 0; count <= extension.maxCount; count++) {
    for (const lead of [0, extension.windowDays]) {
      const extendOn: CalendarDate[] = [];
      let due = addDays(options.startDate, options.termDays);
      let earliest = options.startDate;
      for (let k = 0; k < count; k++) {
        const candidate = addDays(due, -lead);
        const on = daysBetween(earliest, candidate) < 0 ? earliest : candidate;
        extendOn.push(on);
        earliest = on;
        due = addDays(due, extension.periodDays);
      }
      const { apr } = extendedLoanPlan({ ...options, extendOn });
      if (apr > worst.apr) worst = { apr, extendOn };
    }
  }
  return worst;
}

/**
 * The extension a borrower can take on `on`, priced from the loan account (what was
 * really paid and is really outstanding): the interest accrued and unpaid to that day plus
 * the fee on the principal still outstanding; the due date moves by the period. Refused
 * outside the window, beyond the maximum, on a loan that is overdue or settled, or when
 * the loan's APR over its real cash flows — the payments made, this one, and the rest
 * repaid on the new due date — would be over the cap.
 */
export function quoteAccountExtension(options: {
  terms: LoanProductTerms;
  account: LoanAccount;
  disbursedOn: CalendarDate;
  /** Cash actually paid so far, on the days it was paid (refunds of credit kept subtracted). */
  cashFlows: ReadonlyArray<{ on: CalendarDate; amount: number }>;
  on: CalendarDate;
  capPercent?: number;
}):
  | { ok: true; trial: ExtensionTrial; apr: number; finalPayment: ExtendedLoanPayment }
  | { ok: false; reason: ExtensionRefusal | 'aprOverCap' | 'notRepaying'; apr?: number } {
  const { terms, account, on, capPercent = APR_CAP_PERCENT } = options;
  const extension = terms.method === 'singleRepayment' ? terms.extension : null;
  if (extension === null) return { ok: false, reason: 'notExtendable' };
  const row = account.instalments[0];
  if (!row || account.state !== 'repaying' || account.today !== on) return { ok: false, reason: 'notRepaying' };
  if (account.extensionsTaken >= extension.maxCount) return { ok: false, reason: 'maxExtensionsReached' };
  const daysBeforeDue = daysBetween(on, row.dueDate);
  if (daysBeforeDue < 0 || daysBeforeDue > extension.windowDays) return { ok: false, reason: 'outsideWindow' };
  const accruedInterest = money(account.interestAccrued - account.interestPaid);
  const fee = extensionFee(extension, account.principalOutstanding);
  const payment = addMoney(accruedInterest, fee);
  const newDueDate = addDays(row.dueDate, extension.periodDays);
  const interest = dayCountInterest(account.principalOutstanding, terms.annualRatePercent, daysBetween(on, newDueDate));
  const finalFee = money(account.feesCharged - account.extensionFeesCharged - (account.feesPaid - account.extensionFeesPaid));
  const finalPayment: ExtendedLoanPayment = {
    on: newDueDate,
    interest,
    fee: finalFee,
    principal: account.principalOutstanding,
    amount: sumMoney([account.principalOutstanding, interest, finalFee]),
  };
  const apr = dailyCashFlowApr({
    received: account.principal,
    receivedOn: options.disbursedOn,
    payments: [...options.cashFlows, { on, amount: payment }, { on: newDueDate, amount: finalPayment.amount }],
  });
  if (exceedsAprCap(apr, capPercent) || fee > account.capRoom) return { ok: false, reason: 'aprOverCap', apr: aprPercent(apr) };
  return { ok: true, trial: { accruedInterest, fee, payment, newDueDate }, apr: aprPercent(apr), finalPayment };
}
