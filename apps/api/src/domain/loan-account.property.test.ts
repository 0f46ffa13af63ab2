import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLoanProduct } from './interest-cap.ts';
import { FEE_EQUAL_INSTALMENT_PRODUCT, FEE_SINGLE_REPAYMENT_PRODUCT, planOf, realisedApr } from './loan-account-test-kit.ts';
import {
  amountToSettleThrough,
  loanAccount,
  nextInstalment,
  type LoanAccount,
  type LoanEvent,
  type PlannedInstalment,
} from './loan-account.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import { quoteAccountExtension } from './loan-extension.ts';
import type { LoanProductTerms } from './loan-product-terms.ts';
import { addDays, daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import { money } from './money.ts';

/**
 * Random lives of a loan: what a borrower and a gateway can do, in any order — days
 * passing, the next instalment, everything due, the payoff, a part, the same transfer
 * twice, a payment quoted days before it was credited, an extension (also one credited
 * after its due date passed), a payment held and released later, credit kept refunded —
 * with the invariants checked after every step. A failure prints the shrunk life as a story.
 */

const CAP = 16;
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 10_000);

type Step =
  | { do: 'wait'; days: number }
  | { do: 'payNext' }
  | { do: 'payAllDue' }
  | { do: 'payoff' }
  | { do: 'payPart'; share: number }
  | { do: 'payAgain' }
  | { do: 'payQuotedEarlier'; daysAgo: number }
  | { do: 'extend' }
  | { do: 'extendCreditedLate'; daysLate: number }
  | { do: 'releaseHeld'; amount: number }
  | { do: 'refundCredit' };

const stepArbitrary = (extendable: boolean): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 40 }).map((days): Step => ({ do: 'wait', days })) },
    { weight: 3, arbitrary: fc.constant<Step>({ do: 'payNext' }) },
    { weight: 1, arbitrary: fc.constant<Step>({ do: 'payAllDue' }) },
    { weight: 1, arbitrary: fc.constant<Step>({ do: 'payoff' }) },
    { weight: 2, arbitrary: fc.double({ min: 0.001, max: 1.2, noNaN: true }).map((share): Step => ({ do: 'payPart', share })) },
    { weight: 1, arbitrary: fc.constant<Step>({ do: 'payAgain' }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((daysAgo): Step => ({ do: 'payQuotedEarlier', daysAgo })) },
    { weight: extendable ? 3 : 0, arbitrary: fc.constant<Step>({ do: 'extend' }) },
    {
      weight: extendable ? 1 : 0,
      arbitrary: fc.integer({ min: 1, max: 5 }).map((daysLate): Step => ({ do: 'extendCreditedLate', daysLate })),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 30_000 }).map((amount): Step => ({ do: 'releaseHeld', amount })) },
    { weight: 1, arbitrary: fc.constant<Step>({ do: 'refundCredit' }) },
  );

interface Life {
  terms: LoanProductTerms;
  principal: number;
  term: number;
  disbursedOn: CalendarDate;
  steps: Step[];
}

function lifeArbitrary(terms: LoanProductTerms): fc.Arbitrary<Life> {
  const { min, max, step } = terms.amount;
  return fc.record({
    terms: fc.constant(terms),
    principal: fc.integer({ min: 0, max: (max - min) / step }).map((k) => min + k * step),
    term: fc.constantFrom(...terms.terms),
    disbursedOn: fc.integer({ min: 0, max: 730 }).map((offset) => addDays('2026-01-01', offset)),
    steps: fc.array(stepArbitrary(terms.extension !== null), { minLength: 1, maxLength: 14 }),
  });
}

/**
 * The interest a day-by-day reading of the principal actually outstanding allows, the plan
 * fee it earns (over the first instalment's period, as planned, never more than the fee),
 * and the cap's simple-rate budget.
 */
function referenceLimits(
  life: Life,
  plan: readonly PlannedInstalment[],
  events: readonly LoanEvent[],
  account: LoanAccount,
): { interest: number; fee: number; cap: number } {
  const valueDay = new Map(events.map((event) => [event.id, daysBetween(life.disbursedOn, event.valueDate)]));
  const principalPaidBy = new Map<number, number>();
  for (const allocation of account.allocations) {
    const day = valueDay.get(allocation.eventId)!;
    principalPaidBy.set(day, (principalPaidBy.get(day) ?? 0) + allocation.principal);
  }
  const dueDays = account.instalments.map((row) => daysBetween(life.disbursedOn, row.dueDate));
  const rate = life.terms.annualRatePercent;
  let outstanding = life.principal;
  let interest = 0;
  let cap = 0;
  const planFee = plan.reduce((sum, row) => sum + row.fee, 0);
  const feeRate = planFee / (life.principal * daysBetween(life.disbursedOn, plan[0]!.dueDate));
  let fee = 0;
  for (let day = 0; day < daysBetween(life.disbursedOn, account.today); day++) {
    outstanding -= principalPaidBy.get(day) ?? 0;
    if (day < dueDays[0]!) fee += outstanding * feeRate;
    let daily = rate / 36_500;
    if (life.terms.method === 'equalInstalments') {
      const k = dueDays.findIndex((due) => due > day);
      if (k >= 0) daily = Math.max(daily, rate / 1200 / (dueDays[k]! - (k === 0 ? 0 : dueDays[k - 1]!)));
    }
    interest += outstanding * daily;
    cap += (outstanding * CAP) / 36_500;
  }
  return { interest, fee: Math.min(planFee, fee), cap };
}

function story(life: Life, done: readonly string[]): string {
  return [
    `NT$${life.principal} ${life.terms.method} term ${life.term}, paid out ${life.disbursedOn}:`,
    ...done.map((line, k) => `  ${k + 1}. ${line}`),
  ].join('\n');
}

function live(life: Life): void {
  const { plan } = planOf(life.terms, life.principal, life.term, life.disbursedOn);
  const base = {
    method: life.terms.method,
    annualRatePercent: life.terms.annualRatePercent,
    principal: money(life.principal),
    disbursedOn: life.disbursedOn,
    plan,
    capPercent: CAP,
  };
  const events: LoanEvent[] = [];
  const done: string[] = [];
  let today = life.disbursedOn;
  let lastPayment = 0;
  let held = 0;
  const account = (on: CalendarDate = today) => loanAccount({ ...base, events, today: on });
  const cashFlows = () => events.flatMap((event) => (event.kind === 'payment' ? [{ on: event.paidOn, amount: event.amount }] : []));
  const pay = (amount: number, what: string, valueDate: CalendarDate = today) => {
    if (amount <= 0) return;
    events.push({ kind: 'payment', id: `p${events.length}`, valueDate, paidOn: today, amount: money(amount) });
    lastPayment = amount;
    done.push(`${today}: ${what} NT$${amount}${valueDate !== today ? ` (quoted ${valueDate})` : ''}`);
  };
  const extend = (on: CalendarDate, late: string) => {
    const result = quoteAccountExtension({
      terms: life.terms,
      account: account(on),
      disbursedOn: life.disbursedOn,
      cashFlows: cashFlows(),
      on,
    });
    if (!result.ok) return;
    events.push({
      kind: 'extension',
      id: `x${events.length}`,
      valueDate: on,
      periodDays: life.terms.extension!.periodDays,
      fee: result.trial.fee,
    });
    events.push({ kind: 'payment', id: `p${events.length}`, valueDate: on, paidOn: on, amount: result.trial.payment });
    lastPayment = result.trial.payment;
    done.push(`${on}: extends to ${result.trial.newDueDate}, paying NT$${result.trial.payment} (fee ${result.trial.fee})${late}`);
  };

  for (const step of life.steps) {
    const now = account();
    switch (step.do) {
      case 'wait':
        today = addDays(today, step.days);
        done.push(`${step.days} days pass`);
        break;
      case 'payNext': {
        const next = nextInstalment(now);
        pay(next ? amountToSettleThrough(now, next.number) : 0, `pays instalment ${next?.number ?? '-'}`);
        // What the pay page asks for an instalment settles it: nothing of it stays owed (and overdue).
        if (next && account().instalments.find((row) => row.number === next.number)?.settledOn === null) {
          throw new Error(`${story(life, done)}\ninstalment ${next.number} still owes after paying what it asked`);
        }
        break;
      }
      case 'payAllDue': {
        const due = now.instalments.filter((row) => row.dueDate <= today).at(-1);
        pay(due ? amountToSettleThrough(now, due.number) : 0, 'pays everything due');
        break;
      }
      case 'payoff':
        pay(now.payoff, 'pays off');
        break;
      case 'payPart':
        pay(Math.floor(Math.max(now.payoff, 1_000) * step.share), 'pays a part');
        break;
      case 'payAgain':
        pay(lastPayment, 'sends the same transfer again');
        break;
      case 'payQuotedEarlier': {
        const quotedOn = addDays(today, -step.daysAgo);
        if (quotedOn < life.disbursedOn) break;
        pay(account(quotedOn).payoff, 'pays a payoff code', quotedOn);
        break;
      }
      case 'extend':
        extend(today, '');
        break;
      case 'extendCreditedLate': {
        const on = now.instalments[0]!.dueDate;
        if (on < today) break;
        today = addDays(on, step.daysLate);
        extend(on, `, credited ${today}`);
        break;
      }
      case 'releaseHeld':
        held += step.amount;
        pay(step.amount, 'has a held transfer released');
        break;
      case 'refundCredit':
        if (now.creditKept > 0) {
          events.push({ kind: 'refund', id: `r${events.length}`, valueDate: today, amount: now.creditKept });
          done.push(`${today}: credit kept NT$${now.creditKept} refunded`);
        }
        break;
    }
    check(account(), events, done);
  }
  void held;

  function check(state: LoanAccount, history: readonly LoanEvent[], lines: readonly string[]): void {
    // Plain comparisons, not expect(): this runs some 300,000 times per suite run.
    const problems: string[] = [];
    const holds = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    for (const [name, value] of Object.entries(state)) {
      if (typeof value === 'number') holds(value >= 0, `${name} ${value} is below zero`);
    }
    holds(state.principalOutstanding <= life.principal, 'more principal outstanding than lent');
    holds(state.interestPaid <= state.interestAccrued, 'interest paid beyond interest accrued');
    holds(state.overdueInterestPaid <= state.overdueInterestAccrued, 'overdue interest paid beyond accrued');
    holds(state.feesPaid <= state.feesCharged, 'fees paid beyond fees charged');
    // Balanced: every dollar received is principal, interest, fees, credit kept or refunded.
    const accounted =
      life.principal -
      state.principalOutstanding +
      state.interestPaid +
      state.overdueInterestPaid +
      state.feesPaid +
      state.creditKept +
      state.refunded;
    holds(state.cashReceived === accounted, `received ${state.cashReceived} but accounted for ${accounted}`);
    const owed =
      state.principalOutstanding +
      state.interestAccrued -
      state.interestPaid +
      state.overdueInterestAccrued -
      state.overdueInterestPaid +
      state.feesCharged -
      state.feesPaid;
    holds(state.payoff === owed, `payoff ${state.payoff} is not what is owed, ${owed}`);
    holds((state.state === 'settled') === (owed === 0), `state ${state.state} with ${owed} owed`);
    holds(
      state.instalments.every((row) => row.settledOn !== null) === (owed === 0),
      'instalments settled while something is owed, or the reverse',
    );
    // An extension lapses exactly when the principal was repaid before its value date (a
    // payoff valued earlier, credited in either order): nothing to extend, no fee.
    const valueOf = new Map(history.map((event) => [event.id, event.valueDate]));
    const principalRepaidBefore = (date: CalendarDate) =>
      state.allocations.filter((item) => valueOf.get(item.eventId)! < date).reduce((sum, item) => sum + item.principal, 0);
    const extensions = history.filter((event) => event.kind === 'extension' && event.valueDate <= state.today);
    const lapsed = extensions.filter((event) => principalRepaidBefore(event.valueDate) === life.principal);
    holds(
      state.lapsedExtensionIds.join() === lapsed.map((event) => event.id).join(),
      `extensions ${lapsed.map((event) => event.id).join() || 'none'} should have lapsed, not ${state.lapsedExtensionIds.join() || 'none'}`,
    );
    holds(state.extensionsTaken === extensions.length - lapsed.length, 'extensions counted wrong');
    holds(
      state.extensionFeesCharged ===
        extensions.filter((event) => !lapsed.includes(event)).reduce((sum, event) => sum + (event.kind === 'extension' ? event.fee : 0), 0),
      'an extension fee charged twice, not at all, or for an extension that lapsed',
    );
    const limits = referenceLimits(life, plan, history, state);
    // No day charged twice: interest within what the days of principal outstanding allow, give or take
    // the half dollar each instalment's interest and its overdue interest are rounded by.
    const charged = state.interestAccrued + state.overdueInterestAccrued;
    holds(
      charged <= limits.interest + state.instalments.length + 1e-6,
      `interest ${charged} beyond interest to the day ${limits.interest.toFixed(2)}`,
    );
    // A plan fee is earned to the day like interest: never more than the days outstanding earned of it.
    const planFees = state.feesCharged - state.extensionFeesCharged;
    holds(planFees <= limits.fee + 0.5 + 1e-6, `plan fees ${planFees} beyond the fee earned to the day ${limits.fee.toFixed(2)}`);
    holds(
      charged + state.feesCharged <= Math.floor(limits.cap + 1e-6),
      `charges ${charged + state.feesCharged} beyond the cap on the days outstanding ${limits.cap.toFixed(2)}`,
    );
    const apr = realisedApr({ principal: life.principal, disbursedOn: life.disbursedOn, events: history, account: state });
    holds(apr <= CAP / 100 + 1e-9, `realised APR ${(apr * 100).toFixed(3)} % over the cap`);
    if (problems.length > 0)
      throw new Error(`${story(life, lines)}\n${problems.join('\n')}\n(today ${state.today}, payoff ${state.payoff})`);
  }
}

// 10,000 lives a kind take 20-30 s alone and more on a shared machine: the budget is per kind.
describe('the loan account over random lives', { timeout: 180_000 }, () => {
  it(`single-repayment loans (${RUNS} lives): never over the cap, no day charged twice, balanced, settled exactly when nothing is owed`, () => {
    fc.assert(fc.property(lifeArbitrary(DEFAULT_SINGLE_REPAYMENT_PRODUCT), live), { numRuns: RUNS });
  });

  it(`equal-instalment loans (${RUNS} lives): never over the cap, no day charged twice, balanced, settled exactly when nothing is owed`, () => {
    fc.assert(fc.property(lifeArbitrary(DEFAULT_EQUAL_INSTALMENT_PRODUCT), live), { numRuns: RUNS });
  });

  // Products with a fee due with the first instalment, as high as the product check allows:
  // paid off or paid ahead early, only the fee earned to the day is owed (decision 0139).
  it(`fee-bearing single-repayment loans (${RUNS} lives): the same, the fee earned to the day and within the cap`, () => {
    expect(checkLoanProduct(FEE_SINGLE_REPAYMENT_PRODUCT, { today: '2026-01-31' })).toEqual([]);
    fc.assert(fc.property(lifeArbitrary(FEE_SINGLE_REPAYMENT_PRODUCT), live), {
      numRuns: RUNS,
      examples: [
        // A payoff code quoted before an extension that was credited a day late, paid the day it was credited.
        [
          {
            terms: FEE_SINGLE_REPAYMENT_PRODUCT,
            principal: 5000,
            term: 90,
            disbursedOn: '2026-01-01',
            steps: [
              { do: 'payPart', share: 0.4764 },
              { do: 'extendCreditedLate', daysLate: 1 },
              { do: 'payQuotedEarlier', daysAgo: 3 },
              { do: 'payoff' },
            ],
          },
        ],
      ],
    });
  });

  it(`fee-bearing equal-instalment loans (${RUNS} lives): the same, the fee earned to the day and within the cap`, () => {
    expect(checkLoanProduct(FEE_EQUAL_INSTALMENT_PRODUCT, { today: '2026-01-31' })).toEqual([]);
    fc.assert(fc.property(lifeArbitrary(FEE_EQUAL_INSTALMENT_PRODUCT), live), { numRuns: RUNS });
  });
});
