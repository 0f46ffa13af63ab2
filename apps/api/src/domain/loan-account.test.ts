import { describe, expect, it } from 'vitest';
import { FEE_EQUAL_INSTALMENT_PRODUCT, FEE_SINGLE_REPAYMENT_PRODUCT, realisedApr, planOf } from './loan-account-test-kit.ts';
import { amountToSettleThrough, loanAccount, nextInstalment, type LoanEvent } from './loan-account.ts';
import { DEFAULT_EQUAL_INSTALMENT_PRODUCT, DEFAULT_SINGLE_REPAYMENT_PRODUCT } from './loan-default-products.ts';
import { quoteAccountExtension } from './loan-extension.ts';
import { addDays } from './loan-schedule/calendar-date.ts';
import { money } from './money.ts';

const CAP = 16;
const payment = (id: string, on: string, amount: number): LoanEvent => ({
  kind: 'payment',
  id,
  valueDate: on,
  paidOn: on,
  amount: money(amount),
});

describe('the loan account', () => {
  it('account_equalInstalments_30000_6months_paidOnEachDueDate: each due date asks exactly the plan, and the last payment settles', () => {
    const { plan, quote } = planOf(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6, '2026-11-25');
    const events: LoanEvent[] = [];
    for (const row of quote.instalments) {
      const before = loanAccount({
        method: 'equalInstalments',
        annualRatePercent: 12,
        principal: money(30_000),
        disbursedOn: '2026-11-25',
        plan,
        events,
        today: row.dueDate,
        capPercent: CAP,
      });
      expect(before.state).toBe('repaying');
      expect(amountToSettleThrough(before, row.number)).toBe(row.total);
      events.push(payment(`p${row.number}`, row.dueDate, row.total));
    }
    const last = quote.instalments.at(-1)!.dueDate;
    const after = loanAccount({
      method: 'equalInstalments',
      annualRatePercent: 12,
      principal: money(30_000),
      disbursedOn: '2026-11-25',
      plan,
      events,
      today: last,
      capPercent: CAP,
    });
    expect(after.state).toBe('settled');
    expect(after.interestPaid).toBe(quote.interest);
    expect(after.creditKept).toBe(0);
    expect(after.instalments.map((row) => [row.interest, row.paidInterest, row.settledOn])).toEqual(
      quote.instalments.map((row) => [row.interest, row.interest, row.dueDate]),
    );
  });

  it('account_singleRepayment_20000_90days_paidOnTheDueDate: the plan interest, nothing more', () => {
    const { plan, quote } = planOf(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 20_000, 90, '2026-01-01');
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(20_000),
      disbursedOn: '2026-01-01',
      plan,
      capPercent: CAP,
    };
    const due = loanAccount({ ...input, events: [], today: '2026-04-01' });
    expect(due.payoff).toBe(quote.totalRepayment);
    const paid = loanAccount({ ...input, events: [payment('p', '2026-04-01', quote.totalRepayment)], today: '2026-04-01' });
    expect(paid.state).toBe('settled');
  });

  it('account_instalmentsPaidEarly_30000_6months (instalments 1 and 2 on the payout day, 3 four days later, then the payoff): interest to the day, NT$26', () => {
    const disbursedOn = '2026-11-25';
    const { plan, quote } = planOf(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 30_000, 6, disbursedOn);
    const instalment = quote.instalments[0]!.total;
    expect(instalment).toBe(5_176);
    const events = [payment('p1', disbursedOn, instalment), payment('p2', disbursedOn, instalment)];
    const day4 = addDays(disbursedOn, 4);
    const input = {
      method: 'equalInstalments' as const,
      annualRatePercent: 12,
      principal: money(30_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    events.push(payment('p3', day4, instalment));
    const beforePayoff = loanAccount({ ...input, events, today: day4 });
    // 19,648 outstanding for 4 of the period's 30 days at 1 % a month: 26.20 → 26.
    expect(beforePayoff.interestAccrued).toBe(26);
    events.push(payment('payoff', day4, beforePayoff.payoff));
    const settled = loanAccount({ ...input, events, today: day4 });
    expect(settled.state).toBe('settled');
    expect(settled.interestPaid).toBe(26);
    expect(settled.cashReceived).toBe(30_026);
    expect(settled.instalments.reduce((sum, row) => sum + row.interest, 0)).toBe(26);
    expect(realisedApr({ principal: 30_000, disbursedOn, events, account: settled })).toBeLessThan(0.125);
  });

  it('account_extensionPaidTwice_20000_90days (a second transfer of the extension price): a payment on the principal, never a second charge of the same days', () => {
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 20_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(20_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    const terms = DEFAULT_SINGLE_REPAYMENT_PRODUCT;
    const events: LoanEvent[] = [];
    const extendOn = (day: number) => {
      const on = addDays(disbursedOn, day);
      const account = loanAccount({ ...input, events, today: on });
      const quote = quoteAccountExtension({
        terms,
        account,
        disbursedOn,
        cashFlows: events.flatMap((e) => (e.kind === 'payment' ? [{ on: e.paidOn, amount: e.amount }] : [])),
        on,
      });
      if (!quote.ok) throw new Error(`extension refused: ${quote.reason}`);
      events.push(
        { kind: 'extension', id: `x${day}`, valueDate: on, periodDays: 30, fee: quote.trial.fee },
        payment(`e${day}`, on, quote.trial.payment),
      );
      return quote.trial;
    };
    // Day 83: 83 days on 20,000 (545.75 → 546) + 0.25 % of 20,000.
    expect(extendOn(83)).toEqual({ accruedInterest: 546, fee: 50, payment: 596, newDueDate: '2026-05-01' });
    // The same NT$596 again on day 90: seven days of interest on 20,000 (46.03 → 46), the rest principal.
    events.push(payment('again', addDays(disbursedOn, 90), 596));
    const afterSecond = loanAccount({ ...input, events, today: addDays(disbursedOn, 90) });
    expect(afterSecond.allocations.at(-1)).toMatchObject({ interest: 46, principal: 550, creditKept: 0 });
    expect(afterSecond.principalOutstanding).toBe(19_450);
    // Day 113: days 90-113 on 19,450 (147.07 → 147: the total to day 113 is 739.07 → 739, of which 592 paid); the fee on 19,450 (48.63 → 49).
    expect(extendOn(113)).toEqual({ accruedInterest: 147, fee: 49, payment: 196, newDueDate: '2026-05-31' });
    const payoffDay = addDays(disbursedOn, 143);
    const due = loanAccount({ ...input, events, today: payoffDay });
    // Days 113-143 on 19,450: 191.84; the total to day 143, 930.90 → 931, of which 739 paid.
    expect(due.payoff).toBe(19_450 + 192);
    events.push(payment('payoff', payoffDay, due.payoff));
    const settled = loanAccount({ ...input, events, today: payoffDay });
    expect(settled.state).toBe('settled');
    expect(settled.interestPaid).toBe(931);
    expect(settled.extensionFeesPaid).toBe(99);
    expect(realisedApr({ principal: 20_000, disbursedOn, events, account: settled })).toBeLessThan(0.16);
  });

  it('account_paidAheadThenDue: an instalment paid ahead is settled on its due date; the interest after it goes to the next one', () => {
    const disbursedOn = '2026-01-10';
    const { plan, quote } = planOf(DEFAULT_EQUAL_INSTALMENT_PRODUCT, 12_000, 3, disbursedOn);
    const input = {
      method: 'equalInstalments' as const,
      annualRatePercent: 12,
      principal: money(12_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    const day10 = addDays(disbursedOn, 10);
    const early = loanAccount({ ...input, events: [], today: day10 });
    const ask = amountToSettleThrough(early, 1);
    expect(ask).toBeLessThan(quote.instalments[0]!.total);
    const events = [payment('p1', day10, ask)];
    const onDue = loanAccount({ ...input, events, today: quote.instalments[0]!.dueDate });
    expect(onDue.instalments[0]!.settledOn).toBe(day10);
    expect(onDue.pastDue).toBe(0);
    const later = loanAccount({ ...input, events, today: addDays(quote.instalments[0]!.dueDate, 5) });
    expect(later.state).toBe('repaying');
    expect(nextInstalment(later)?.number).toBe(2);
  });

  it('account_overdue_10000_90days_paid10DaysLate: overdue interest on the principal from the day after the due date, at the contract rate', () => {
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(10_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    const late = loanAccount({ ...input, events: [], today: '2026-04-11' });
    expect(late.state).toBe('overdue');
    expect(late.daysOverdue).toBe(10);
    // 296 (90 days) + 10 days on 10,000 at 12 % (32.88 → 33).
    expect(late.interestAccrued).toBe(296);
    expect(late.overdueInterestAccrued).toBe(33);
    expect(late.payoff).toBe(10_329);
    const paid = loanAccount({
      ...input,
      events: [payment('p', '2026-04-11', 10_329), payment('again', '2026-04-12', 10_329)],
      today: '2026-04-12',
    });
    expect(paid.state).toBe('settled');
    expect(paid.creditKept).toBe(10_329);
    expect(paid.allocations.at(-1)).toMatchObject({ principal: 0, interest: 0, creditKept: 10_329 });
  });

  it('account_extensionArrivingAfterTheDueDate (paid in time, credited late): the due date moves as of the day it was paid', () => {
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 10_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(10_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    const events: LoanEvent[] = [
      { kind: 'extension', id: 'x', valueDate: '2026-04-01', periodDays: 30, fee: money(25) },
      { kind: 'payment', id: 'e', valueDate: '2026-04-01', paidOn: '2026-04-01', amount: money(296 + 25) },
    ];
    const account = loanAccount({ ...input, events, today: '2026-04-03' });
    expect(account.state).toBe('repaying');
    expect(account.instalments[0]!.dueDate).toBe('2026-05-01');
    expect(account.overdueInterestAccrued).toBe(0);
  });

  it('account_extensionAfterAnEarlierValuedPayoff (both credited the same day): the extension lapses — no fee, the due date unmoved, its payment credit kept', () => {
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(FEE_SINGLE_REPAYMENT_PRODUCT, 5_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(5_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    // Found by the property test: NT$2,382 paid on the payout day; the extension of the due
    // date (NT$77 interest + NT$7 fee) paid on it and credited the next day; a payoff code
    // quoted three days before the due date paid that same next day.
    const events: LoanEvent[] = [
      payment('part', disbursedOn, 2_382),
      { kind: 'extension', id: 'x', valueDate: '2026-04-01', periodDays: 30, fee: money(7) },
      { kind: 'payment', id: 'e', valueDate: '2026-04-01', paidOn: '2026-04-02', amount: money(84) },
    ];
    const quoted = loanAccount({ ...input, events: events.slice(0, 1), today: '2026-03-30' });
    events.push({ kind: 'payment', id: 'payoff', valueDate: '2026-03-30', paidOn: '2026-04-02', amount: quoted.payoff });
    const account = loanAccount({ ...input, events, today: '2026-04-02' });
    expect(account.state).toBe('settled');
    expect(account.lapsedExtensionIds).toEqual(['x']);
    expect(account.extensionsTaken).toBe(0);
    expect(account.extensionFeesCharged).toBe(0);
    expect(account.instalments[0]!.dueDate).toBe('2026-04-01');
    expect(account.creditKept).toBe(84);
    expect(account.allocations.find((item) => item.eventId === 'e')).toMatchObject({ interest: 0, fee: 0, principal: 0, creditKept: 84 });
    // What was charged is within 16 % a year on NT$2,618 for the 88 days it was outstanding (NT$100.99).
    expect(account.interestAccrued + account.feesCharged).toBe(quoted.payoff - 2_618);
    expect(account.interestAccrued + account.feesCharged).toBeLessThanOrEqual(100);
  });

  it('account_capLimitedFeeAtTheDueDate (a small balance, a fee, an extension): what the instalment asks settles the loan — the fee the cap left out at the due date is not charged later', () => {
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(FEE_SINGLE_REPAYMENT_PRODUCT, 3_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(3_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    // Found by the property test: NT$523 left from the payout day, extended on the due date
    // (NT$15 interest + NT$1 fee), paid a week after the new due date. At that due date the
    // cap (NT$27 on 523 for 120 days, less the extension fee) left NT$5 of the NT$6 fee
    // earned; a week later its budget is wider, and the fee once caught up to 6, beyond
    // what the instalment asked: NT$1 owed with no instalment asking for it.
    const events: LoanEvent[] = [
      payment('part', disbursedOn, 2_477),
      { kind: 'extension', id: 'x', valueDate: '2026-04-01', periodDays: 30, fee: money(1) },
      payment('e', '2026-04-01', 16),
    ];
    const week = loanAccount({ ...input, events, today: '2026-05-08' });
    expect(week.instalments[0]).toMatchObject({ dueDate: '2026-05-01', fee: 5, interest: 21, overdueInterest: 1 });
    expect(amountToSettleThrough(week, 1)).toBe(week.payoff);
    events.push(payment('last', '2026-05-08', amountToSettleThrough(week, 1)));
    const after = loanAccount({ ...input, events, today: '2026-05-08' });
    expect(after.state).toBe('settled');
    expect(after.payoff).toBe(0);
    expect(after.instalments[0]!.settledOn).toBe('2026-05-08');
  });

  it('account_tinyBalanceKeptToTheDueDate: dollar rounding never takes the charges over the cap', () => {
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 3_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(3_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    // NT$17 left for 90 days: 0.503 of interest, which half up would be 1 (23.9 % a year on 17).
    const events = [payment('p', disbursedOn, 2_983)];
    const due = loanAccount({ ...input, events, today: '2026-04-01' });
    expect(due.interestAccrued).toBe(0);
    expect(due.payoff).toBe(17);
  });

  it('account_tinyBalanceOverdue: the interest cut at the due date keeps its room; overdue interest gets only what the cap leaves', () => {
    // Found by the property test (seed -799897331): NT$56 left from the payout day, 29 days
    // past due. The cut interest (2) and the overdue interest rounded up (1) made 3, beyond
    // the cap's 2.90 on the days outstanding (16.1 % a year), once a payment took the cut.
    const disbursedOn = '2026-01-01';
    const { plan } = planOf(DEFAULT_SINGLE_REPAYMENT_PRODUCT, 9_000, 90, disbursedOn);
    const input = {
      method: 'singleRepayment' as const,
      annualRatePercent: 12,
      principal: money(9_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    const events = [payment('p0', disbursedOn, 8_944)];
    const late = loanAccount({ ...input, events, today: '2026-04-29' });
    expect(late.interestAccrued + late.overdueInterestAccrued).toBe(2);
    expect(late.payoff).toBe(58);
    const paid = loanAccount({ ...input, events: [...events, payment('p1', '2026-04-29', 3)], today: '2026-04-29' });
    expect(paid.interestPaid + paid.overdueInterestPaid).toBe(2);
    expect(paid.principalOutstanding).toBe(55);
    expect(
      realisedApr({ principal: 9_000, disbursedOn, events: [...events, payment('p1', '2026-04-29', 3)], account: paid }),
    ).toBeLessThanOrEqual(0.16);
  });
});

describe('a plan fee is earned to the day (decision 0139)', () => {
  const single = (events: LoanEvent[], today: string) => {
    const { plan } = planOf(FEE_SINGLE_REPAYMENT_PRODUCT, 10_000, 90, '2026-01-01');
    return loanAccount({
      method: 'singleRepayment',
      annualRatePercent: 12,
      principal: money(10_000),
      disbursedOn: '2026-01-01',
      plan,
      events,
      today,
      capPercent: CAP,
    });
  };

  it('fee_singleRepayment_10000_90days_paidOnTheDueDate: the whole disclosed fee (NT$10 + 0.5 % = NT$60) with the plan interest', () => {
    const { quote } = planOf(FEE_SINGLE_REPAYMENT_PRODUCT, 10_000, 90, '2026-01-01');
    expect(quote.instalments[0]!.fee).toBe(60);
    const due = single([], '2026-04-01');
    expect(due.payoff).toBe(quote.totalRepayment);
    expect(due.instalments[0]).toMatchObject({ fee: 60, interest: quote.interest });
    const paid = single([payment('p', '2026-04-01', quote.totalRepayment)], '2026-04-01');
    expect(paid.state).toBe('settled');
    expect(paid.feesPaid).toBe(60);
  });

  it('fee_singleRepayment_10000_paidOffOnDay3: interest and fee to the day (NT$10 and 60 × 3/90 = NT$2), a realised APR under the cap', () => {
    const quoted = single([], '2026-01-04');
    expect(quoted.interestAccrued).toBe(10);
    expect(quoted.feesCharged).toBe(2);
    expect(quoted.payoff).toBe(10_012);
    const events = [payment('p', '2026-01-04', quoted.payoff)];
    const paid = single(events, '2026-01-04');
    expect(paid.state).toBe('settled');
    expect(paid.instalments[0]).toMatchObject({ fee: 2, paidFee: 2, settledOn: '2026-01-04' });
    expect(realisedApr({ principal: 10_000, disbursedOn: '2026-01-01', events, account: paid })).toBeLessThanOrEqual(0.16);
  });

  it('fee_singleRepayment_half_paid_on_day30: the fee is earned on the principal outstanding (60 × (10000 × 30 + 5000 × 60) / (10000 × 90) = NT$40)', () => {
    const account = single([payment('p', '2026-01-31', 5_000)], '2026-04-01');
    expect(account.feesCharged).toBe(40);
    expect(account.instalments[0]!.fee).toBe(40);
  });

  it('fee_equalInstalments_30000_12months: the first instalment asks the whole fee on its due date; paid off on day 3, 60 × 3/31 = NT$6 of it', () => {
    const disbursedOn = '2026-01-01';
    const { plan, quote } = planOf(FEE_EQUAL_INSTALMENT_PRODUCT, 30_000, 12, disbursedOn);
    expect(quote.instalments[0]!.fee).toBe(60);
    const input = {
      method: 'equalInstalments' as const,
      annualRatePercent: 12,
      principal: money(30_000),
      disbursedOn,
      plan,
      capPercent: CAP,
    };
    const first = loanAccount({ ...input, events: [], today: quote.instalments[0]!.dueDate });
    expect(amountToSettleThrough(first, 1)).toBe(quote.instalments[0]!.total);
    const day3 = loanAccount({ ...input, events: [], today: '2026-01-04' });
    expect(day3.feesCharged).toBe(6);
    const events = [payment('p', '2026-01-04', day3.payoff)];
    const paid = loanAccount({ ...input, events, today: '2026-01-04' });
    expect(paid.state).toBe('settled');
    expect(paid.instalments.map((row) => row.fee)).toEqual([6, ...Array(11).fill(0)]);
    expect(realisedApr({ principal: 30_000, disbursedOn, events, account: paid })).toBeLessThanOrEqual(0.16);
  });
});
