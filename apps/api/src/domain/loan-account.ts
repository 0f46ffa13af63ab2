import { addDays, daysBetween, type CalendarDate } from './loan-schedule/calendar-date.ts';
import type { InterestMethod } from './loan-product-terms.ts';
import { money, roundHalfUp, type Money } from './money.ts';

/**
 * The loan account: what a borrower owes, derived by one rule from what happened — the
 * payout, the payments, the extensions and the refunds of credit kept — never read from
 * stored balances (docs/decisions.md "What is owed is replayed from the ledger").
 *
 * The rule, day by day from the payout:
 * - principal not yet due bears the contract interest: a single-repayment loan actual/365;
 *   an equal-instalment loan the monthly rate (annual / 12) for a whole period, spread over
 *   the period's days (a part of a period pays that part of the month's interest);
 * - principal past its due date bears overdue interest instead, at the contract rate
 *   (never more), actual/365, from the day after the due date (contract, 逾期);
 * - interest is never charged on interest or fees (Civil Code art. 207).
 * A payment pays instalment by instalment, oldest first: the instalment's overdue
 * interest, the interest that belongs to it (accrued until it was covered or fell due, or
 * to the payment's day for the one running), extension fees (due at once), its fee, its
 * principal; money paid before it is due therefore stops interest on that principal the
 * day it arrives. What is left once nothing is owed is credit kept for the borrower.
 *
 * An instalment asks, on its due date, for its principal not already paid ahead, and the
 * interest and fees accrued until it was covered (or its due date): what runs after an
 * instalment was paid ahead belongs to the next one, so paying early never leaves a
 * remainder that would make the borrower overdue.
 *
 * A plan fee (the product's disclosed fees, due with the first instalment) is earned like
 * interest, to the day: over the period of the instalment it is due with, in proportion to
 * the principal not yet due actually outstanding against the plan's. Followed as planned,
 * the instalment asks for the whole fee; paid off (or paid ahead) earlier, only the part
 * earned to that day is owed, and a period that never began owes none of its fee
 * (decision 0139). Interest, overdue interest and every fee together stay within the cap.
 */

export interface PlannedInstalment {
  number: number;
  /** The planned due date; an extension moves a single repayment's. */
  dueDate: CalendarDate;
  principal: Money;
  fee: Money;
}

export type LoanEvent =
  /** Money received: `valueDate` is the day interest stops for it, `paidOn` the day it was paid. */
  | { kind: 'payment'; id: string; valueDate: CalendarDate; paidOn: CalendarDate; amount: Money }
  /**
   * A paid extension (展期): the due date moves by `periodDays`, `fee` falls due. One whose
   * value date comes after the principal was repaid (a payoff valued earlier, credited in
   * either order) extends nothing: it lapses, charges no fee, and its payment is credit kept.
   */
  | { kind: 'extension'; id: string; valueDate: CalendarDate; periodDays: number; fee: Money }
  /** Credit kept paid back to the borrower. */
  | { kind: 'refund'; id: string; valueDate: CalendarDate; amount: Money };

export interface LoanAccountInput {
  method: InterestMethod;
  annualRatePercent: number;
  principal: Money;
  disbursedOn: CalendarDate;
  plan: readonly PlannedInstalment[];
  events: readonly LoanEvent[];
  today: CalendarDate;
  /** Overdue interest never above this yearly rate (the cap), nor above the contract rate. */
  capPercent: number;
}

export interface PaymentAllocation {
  eventId: string;
  overdueInterest: Money;
  interest: Money;
  fee: Money;
  principal: Money;
  creditKept: Money;
}

export interface InstalmentPosition {
  number: number;
  dueDate: CalendarDate;
  principal: Money;
  /** Interest that belongs to this instalment: accrued until it was covered, or projected to its due date on today's balance. */
  interest: Money;
  fee: Money;
  overdueInterest: Money;
  paidPrincipal: Money;
  paidInterest: Money;
  paidFee: Money;
  paidOverdueInterest: Money;
  settledOn: CalendarDate | null;
}

export interface LoanAccount {
  today: CalendarDate;
  principal: Money;
  principalOutstanding: Money;
  /** Interest accrued to today (regular), and what of it was paid. */
  interestAccrued: Money;
  interestPaid: Money;
  overdueInterestAccrued: Money;
  overdueInterestPaid: Money;
  /** Loan fees of the plan and extension fees charged; what of them was paid. */
  feesCharged: Money;
  feesPaid: Money;
  extensionFeesCharged: Money;
  extensionFeesPaid: Money;
  cashReceived: Money;
  refunded: Money;
  /** Paid beyond everything owed and not refunded: the borrower's money. */
  creditKept: Money;
  extensionsTaken: number;
  /** Extensions that came when no principal was left to extend: no fee, the due date unmoved. */
  lapsedExtensionIds: string[];
  instalments: InstalmentPosition[];
  allocations: PaymentAllocation[];
  /** Everything owed today: paying it settles the loan (interest to the day). */
  payoff: Money;
  /** What was due before today and is still unpaid (the loan is overdue when above 0). */
  pastDue: Money;
  /** Days since the oldest unpaid due date (0 when nothing is past due). */
  daysOverdue: number;
  /** What may still be charged today within the cap (interest, overdue interest and fees to date). */
  capRoom: Money;
  state: 'repaying' | 'overdue' | 'settled';
}

interface Row {
  number: number;
  dueDay: number;
  principal: number;
  /** The plan's fee of this instalment: earned over its own period (feeRate), never more. */
  fee: number;
  /** The plan's period of this instalment (from the previous due date or the payout) and the fee earned per dollar-day in it. */
  periodStart: number;
  feeRate: number;
  feeExact: number;
  paidPrincipal: number;
  overdueExact: number;
  /** Rounded interest accrued when the instalment was covered or fell due; null before. */
  cut: number | null;
  /** Rounded plan fees earned at the same moment. */
  feeCut: number | null;
  cutByDueDate: boolean;
  settledDay: number | null;
}

const EVENT_ORDER: Record<LoanEvent['kind'], number> = { extension: 0, payment: 1, refund: 2 };

/** Replays the loan from its payout to `today` (and its plan beyond, for the instalments' projected interest). */
export function loanAccount(input: LoanAccountInput): LoanAccount {
  const { method, disbursedOn, today } = input;
  const dayOf = (date: CalendarDate) => daysBetween(disbursedOn, date);
  const todayDay = Math.max(0, dayOf(today));
  const regularRate = method === 'equalInstalments' ? input.annualRatePercent / 1200 : input.annualRatePercent / 36_500;
  const overdueRate = Math.min(input.annualRatePercent, input.capPercent) / 36_500;
  const capRate = input.capPercent / 36_500;
  const rows: Row[] = [...input.plan]
    .sort((a, b) => a.number - b.number)
    .map((row) => ({
      number: row.number,
      dueDay: dayOf(row.dueDate),
      principal: row.principal,
      fee: row.fee,
      periodStart: 0,
      feeRate: 0,
      feeExact: 0,
      paidPrincipal: 0,
      overdueExact: 0,
      cut: null,
      feeCut: null,
      cutByDueDate: false,
      settledDay: null,
    }));
  if (rows.length === 0 || rows.some((row) => row.dueDay < 1)) throw new RangeError('a loan has instalments due after its payout');
  // Each instalment's fee is earned over its planned period on the principal not yet due, as planned.
  let notYetDue = input.principal as number;
  for (const [index, row] of rows.entries()) {
    row.periodStart = index === 0 ? 0 : rows[index - 1]!.dueDay;
    const plannedDollarDays = notYetDue * (row.dueDay - row.periodStart);
    row.feeRate = row.fee > 0 && plannedDollarDays > 0 ? row.fee / plannedDollarDays : 0;
    notYetDue -= row.principal;
  }
  if (rows.reduce((sum, row) => sum + row.principal, 0) !== input.principal) throw new RangeError('the plan does not repay the principal');
  const events = input.events
    .map((event, index) => ({ event, index, day: dayOf(event.valueDate) }))
    .filter(({ day }) => day <= todayDay)
    .sort((a, b) => a.day - b.day || EVENT_ORDER[a.event.kind] - EVENT_ORDER[b.event.kind] || a.index - b.index);
  if (events.some(({ day }) => day < 0)) throw new RangeError('an event before the payout');

  let crystal = 0;
  let periodExact = 0;
  let interestPaid = 0;
  let overduePaid = 0;
  let feePaid = 0;
  let extensionFees = 0;
  let extensionFeesPaid = 0;
  let extensionsTaken = 0;
  const lapsedExtensionIds: string[] = [];
  let cash = 0;
  let credit = 0;
  let refunded = 0;
  const allocations: PaymentAllocation[] = [];

  let capExact = 0;
  /**
   * Interest, overdue interest and extension fees together never exceed the cap as a
   * simple yearly rate on the principal actually outstanding, day by day: what dollar
   * rounding would add beyond it (a few dollars kept for a day or two) is not owed
   * (contract, 逾期: 超過部分借款人無須給付). A figure never falls below what was paid.
   */
  const room = () => Math.floor(capExact + 1e-6) - extensionFees;
  /** The rows' rounded overdue interest and rounded plan fees earned, summed (they change only as days accrue). */
  let overdueRounded = 0;
  let feeEarned = 0;
  /**
   * Interest and plan fees already owed for good: what the last cut instalment asked for
   * (its cut is the running total then), or what was paid if more. Overdue interest takes the
   * room they leave, never theirs: a payment takes a cut instalment's interest as it was cut.
   * Read from the rows each time, not kept as a running maximum: an extension paid in time
   * un-cuts the last instalment (`extend`), and its cut must then stop counting.
   */
  const interestFixed = () => rows.reduce((fixed, row) => Math.max(fixed, row.cut ?? 0), interestPaid);
  const feeFixed = () => rows.reduce((fixed, row) => Math.max(fixed, row.feeCut ?? 0), feePaid);
  const overdueAccrued = () => Math.max(overduePaid, Math.min(overdueRounded, room() - interestFixed() - feeFixed()));
  /**
   * Once the last instalment is cut (fallen due, or covered), its interest and fees are
   * what it asked for: what the cap left out then is never charged later, when the days
   * past due widen the cap's budget (that room is the overdue interest's), so nothing owed
   * is ever outside an instalment.
   */
  const lastRow = rows.at(-1)!;
  const accrued = () =>
    Math.max(interestPaid, Math.min(crystal + roundHalfUp(periodExact), room() - overdueAccrued() - feePaid, lastRow.cut ?? Infinity));
  /** The plan fees earned to date (each instalment's at most its fee), within what the cap leaves. */
  const hasFees = rows.some((row) => row.fee > 0);
  const feeAccrued = () =>
    hasFees ? Math.max(feePaid, Math.min(feeEarned, room() - overdueAccrued() - accrued(), lastRow.feeCut ?? Infinity)) : 0;
  /** The overdue interest as it belongs to each instalment, oldest first, within the total. */
  const overdueByRow = () => {
    let left = overdueAccrued();
    return rows.map((row) => {
      const share = Math.min(left, roundHalfUp(row.overdueExact));
      left -= share;
      return share;
    });
  };
  const covered = (row: Row) => row.paidPrincipal === row.principal;

  const cutRow = (row: Row, byDueDate: boolean) => {
    row.cut = accrued();
    row.feeCut = feeAccrued();
    row.cutByDueDate = byDueDate;
  };

  const markSettled = (day: number) => {
    let overdueUpTo = 0;
    const shares = overdueByRow();
    for (const [index, row] of rows.entries()) {
      overdueUpTo += shares[index]!;
      if (row.settledDay !== null) continue;
      if (covered(row) && row.cut !== null && interestPaid >= row.cut && feePaid >= (row.feeCut ?? 0) && overduePaid >= overdueUpTo)
        row.settledDay = day;
    }
  };

  const startOfDay = (day: number) => {
    for (const row of rows) {
      if (row.dueDay !== day) continue;
      // An equal-instalment period ends on its due date: its interest is rounded once, as the plan's was.
      if (method === 'equalInstalments') {
        crystal += roundHalfUp(periodExact);
        periodExact = 0;
      }
      if (row.cut === null) cutRow(row, true);
    }
  };

  /** Interest of `days` days from `day` on, when no event or due date falls between (the balances stay put). */
  const accrueDays = (day: number, days: number) => {
    let notDue = 0;
    let previousDue = 0;
    let periodDays = 0;
    let running: Row | null = null;
    for (const row of rows) {
      const unpaid = row.principal - row.paidPrincipal;
      capExact += unpaid * capRate * days;
      if (row.dueDay > day) {
        notDue += unpaid;
        if (periodDays === 0) {
          periodDays = row.dueDay - previousDue;
          running = row;
        }
      } else if (unpaid > 0) {
        row.overdueExact += unpaid * overdueRate * days;
      }
      previousDue = row.dueDay;
    }
    overdueRounded = rows.reduce((sum, row) => sum + roundHalfUp(row.overdueExact), 0);
    if (notDue === 0) return;
    periodExact += (method === 'equalInstalments' ? (notDue * regularRate) / periodDays : notDue * regularRate) * days;
    // The running period's fee is earned on the principal not yet due, day by day (never past the fee itself).
    if (running && running.feeRate > 0 && day >= running.periodStart) running.feeExact += notDue * running.feeRate * days;
    feeEarned = roundHalfUp(rows.reduce((sum, row) => sum + Math.min(row.fee, row.feeExact), 0));
  };

  const pay = (id: string, amount: number, day: number) => {
    cash += amount;
    let left = amount;
    const take = (owed: number) => {
      const paid = Math.max(0, Math.min(left, owed));
      left -= paid;
      return paid;
    };
    // Instalment by instalment, oldest first: its overdue interest, the interest that belongs
    // to it (up to when it was covered or fell due; for the one running, to today), the
    // extension fees (due at once), its fee, its principal. Paying what an overdue
    // instalment asks therefore settles it, and the interest running on the next one waits
    // for the next one's due date.
    let overdue = 0;
    let interest = 0;
    let fee = 0;
    let principal = 0;
    const shares = overdueByRow();
    let overdueUpTo = 0;
    for (const [index, row] of rows.entries()) {
      if (left === 0) break;
      overdueUpTo += shares[index]!;
      const overdueNow = take(overdueUpTo - overduePaid);
      overduePaid += overdueNow;
      overdue += overdueNow;
      const interestNow = take((row.cut ?? accrued()) - interestPaid);
      interestPaid += interestNow;
      interest += interestNow;
      const extensionFee = take(extensionFees - extensionFeesPaid);
      extensionFeesPaid += extensionFee;
      const rowFee = take((row.feeCut ?? feeAccrued()) - feePaid);
      feePaid += rowFee;
      fee += extensionFee + rowFee;
      const rowPrincipal = take(row.principal - row.paidPrincipal);
      row.paidPrincipal += rowPrincipal;
      principal += rowPrincipal;
      if (covered(row) && row.cut === null) cutRow(row, false);
    }
    // Whatever interest or overdue interest is still owed once every instalment is covered.
    const overdueLast = take(overdueAccrued() - overduePaid);
    overduePaid += overdueLast;
    overdue += overdueLast;
    const interestLast = take(accrued() - interestPaid);
    interestPaid += interestLast;
    interest += interestLast;
    const feeLast = take(feeAccrued() - feePaid);
    feePaid += feeLast;
    fee += feeLast;
    credit += left;
    allocations.push({
      eventId: id,
      overdueInterest: money(overdue),
      interest: money(interest),
      fee: money(fee),
      principal: money(principal),
      creditKept: money(left),
    });
    markSettled(day);
  };

  const extend = (id: string, periodDays: number, fee: number, day: number) => {
    if (rows.every(covered)) {
      lapsedExtensionIds.push(id);
      return;
    }
    const row = rows.at(-1)!;
    // The due date a notification paid in time moves, even when the replay already passed it.
    if (row.cutByDueDate && row.dueDay >= day) {
      row.cut = null;
      row.feeCut = null;
      row.cutByDueDate = false;
    }
    row.dueDay += periodDays;
    extensionFees += fee;
    extensionsTaken += 1;
  };

  const lastDueDay = () => rows.reduce((last, row) => Math.max(last, row.dueDay), 0);
  let snapshot: (Omit<LoanAccount, 'instalments'> & { rows: Row[]; overdueShares: number[] }) | null = null;
  let next = 0;
  // Only the days where something happens are visited: payouts, events, due dates, today.
  for (let day = 0; day <= Math.max(todayDay, lastDueDay());) {
    startOfDay(day);
    while (next < events.length && events[next]!.day === day) {
      const { event } = events[next]!;
      if (event.kind === 'payment') pay(event.id, event.amount, day);
      else if (event.kind === 'extension') extend(event.id, event.periodDays, event.fee, day);
      else {
        const amount = Math.min(event.amount, credit);
        credit -= amount;
        refunded += amount;
      }
      next += 1;
    }
    markSettled(day);
    if (day === todayDay) snapshot = capture(day);
    let until = Math.max(todayDay, lastDueDay()) + 1;
    if (next < events.length) until = Math.min(until, events[next]!.day);
    if (day < todayDay) until = Math.min(until, todayDay);
    for (const row of rows) if (row.dueDay > day) until = Math.min(until, row.dueDay);
    accrueDays(day, until - day);
    day = until;
  }

  function capture(day: number): Omit<LoanAccount, 'instalments'> & { rows: Row[]; overdueShares: number[] } {
    const principalOutstanding = rows.reduce((sum, row) => sum + row.principal - row.paidPrincipal, 0);
    const interestAccrued = accrued();
    const overdueAccruedNow = overdueAccrued();
    const planFees = feeAccrued();
    const planFeesPaid = feePaid;
    const payoff =
      principalOutstanding +
      (interestAccrued - interestPaid) +
      (overdueAccruedNow - overduePaid) +
      (planFees - planFeesPaid) +
      (extensionFees - extensionFeesPaid);
    // Past due: what the instalments due before today still ask for.
    const pastRows = rows.filter((row) => row.dueDay < day);
    const lastPast = pastRows.at(-1);
    const pastDue = lastPast
      ? pastRows.reduce((sum, row) => sum + row.principal - row.paidPrincipal, 0) +
        Math.max(0, (lastPast.cut ?? interestAccrued) - interestPaid) +
        Math.max(0, (lastPast.feeCut ?? planFees) - planFeesPaid) +
        (overdueAccruedNow - overduePaid) +
        (extensionFees - extensionFeesPaid)
      : 0;
    const oldestUnpaid = pastDue > 0 ? rows.find((row) => row.dueDay < day && row.settledDay === null) : undefined;
    return {
      today: addDays(disbursedOn, day),
      principal: input.principal,
      principalOutstanding: money(principalOutstanding),
      interestAccrued: money(interestAccrued),
      interestPaid: money(interestPaid),
      overdueInterestAccrued: money(overdueAccruedNow),
      overdueInterestPaid: money(overduePaid),
      feesCharged: money(planFees + extensionFees),
      feesPaid: money(planFeesPaid + extensionFeesPaid),
      extensionFeesCharged: money(extensionFees),
      extensionFeesPaid: money(extensionFeesPaid),
      cashReceived: money(cash),
      refunded: money(refunded),
      creditKept: money(credit),
      extensionsTaken,
      lapsedExtensionIds: [...lapsedExtensionIds],
      allocations: [...allocations],
      payoff: money(payoff),
      pastDue: money(pastDue),
      daysOverdue: oldestUnpaid ? day - oldestUnpaid.dueDay : 0,
      capRoom: money(Math.max(0, room() - interestAccrued - overdueAccruedNow - planFees)),
      state: payoff === 0 ? 'settled' : pastDue > 0 ? 'overdue' : 'repaying',
      rows: rows.map((row) => ({ ...row })),
      overdueShares: overdueByRow(),
    };
  }

  const { rows: atToday, overdueShares, ...figures } = snapshot!;
  // The rows as they stood today; those not cut by today take the interest projected to their due date.
  let previousCut = 0;
  let previousFeeCut = 0;
  let interestLeft = figures.interestPaid as number;
  let feeLeft = (figures.feesPaid as number) - figures.extensionFeesPaid;
  let overdueLeft = figures.overdueInterestPaid as number;
  const instalments = atToday.map((row, index): InstalmentPosition => {
    const cut = row.cut ?? rows[index]!.cut ?? previousCut;
    const interest = Math.max(0, cut - previousCut);
    previousCut = Math.max(previousCut, cut);
    const paidInterest = Math.min(interest, interestLeft);
    interestLeft -= paidInterest;
    const feeCut = row.feeCut ?? rows[index]!.feeCut ?? previousFeeCut;
    const fee = Math.max(0, feeCut - previousFeeCut);
    previousFeeCut = Math.max(previousFeeCut, feeCut);
    const paidFee = Math.min(fee, feeLeft);
    feeLeft -= paidFee;
    const overdueInterest = money(overdueShares[index]!);
    const paidOverdueInterest = Math.min(overdueInterest, overdueLeft);
    overdueLeft -= paidOverdueInterest;
    return {
      number: row.number,
      dueDate: addDays(disbursedOn, row.dueDay),
      principal: money(row.principal),
      interest: money(interest),
      fee: money(fee),
      overdueInterest,
      paidPrincipal: money(row.paidPrincipal),
      paidInterest: money(paidInterest),
      paidFee: money(paidFee),
      paidOverdueInterest: money(paidOverdueInterest),
      settledOn: row.settledDay === null ? null : addDays(disbursedOn, row.settledDay),
    };
  });
  return { ...figures, instalments };
}

/**
 * What settles every instalment up to `number` today: overdue interest, interest and plan
 * fees to the day, extension fees, and those instalments' principal (payments are
 * allocated in that order, so nothing less settles them).
 */
export function amountToSettleThrough(account: LoanAccount, number: number): Money {
  const rows = account.instalments.filter((row) => row.number <= number);
  const last = rows.at(-1);
  // The interest that belongs to these instalments: to the due date of the last, or to today when it is still running.
  const due = last !== undefined && last.dueDate <= account.today;
  const interestThrough = due ? rows.reduce((sum, row) => sum + row.interest, 0) : account.interestAccrued;
  // Plan fees as interest: earned to the day, those of these instalments' periods.
  const planFees = account.feesCharged - account.extensionFeesCharged;
  const planFeesPaid = account.feesPaid - account.extensionFeesPaid;
  const feesThrough = due ? rows.reduce((sum, row) => sum + row.fee, 0) : planFees;
  return money(
    rows.reduce((sum, row) => sum + row.overdueInterest - row.paidOverdueInterest, 0) +
      Math.max(0, Math.min(interestThrough, account.interestAccrued) - account.interestPaid) +
      (account.extensionFeesCharged - account.extensionFeesPaid) +
      Math.max(0, Math.min(feesThrough, planFees) - planFeesPaid) +
      rows.reduce((sum, row) => sum + row.principal - row.paidPrincipal, 0),
  );
}

/** The oldest instalment not yet settled, or null. */
export function nextInstalment(account: LoanAccount): InstalmentPosition | null {
  return account.instalments.find((row) => row.settledOn === null) ?? null;
}
