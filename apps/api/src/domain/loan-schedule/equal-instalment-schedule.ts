import { money, roundHalfUp, subtractMoney, type Money } from '../money.ts';
import type { ScheduleGenerator, ScheduleRow } from './schedule-generator.ts';

/**
 * 等額本息 at the monthly rate r = annual / 12: the annuity
 * A = P·r·(1+r)^n / ((1+r)^n − 1), rounded half up. Each month's interest is the
 * balance × r, rounded half up, and the rest of A repays principal; the last instalment
 * repays whatever balance is left, so the principal column sums exactly to P.
 */
export function equalInstalmentAmount(principal: Money, annualRatePercent: number, months: number): Money {
  const r = annualRatePercent / 1200;
  if (r === 0) return roundHalfUp(principal / months);
  const growth = (1 + r) ** months;
  return roundHalfUp((principal * r * growth) / (growth - 1));
}

export const equalInstalmentSchedule: ScheduleGenerator = {
  generate({ principal, annualRatePercent, dueDates }) {
    const months = dueDates.length;
    if (months < 1) throw new RangeError('equal instalments need at least one due date');
    const r = annualRatePercent / 1200;
    const instalment = equalInstalmentAmount(principal, annualRatePercent, months);
    const rows: ScheduleRow[] = [];
    let balance = principal;
    dueDates.forEach((dueDate, index) => {
      const interest = roundHalfUp(balance * r);
      const last = index === months - 1;
      // A balance smaller than a rounded instalment's principal share is paid off, never overpaid.
      const principalPart = last ? balance : money(Math.min(balance, instalment - interest));
      balance = subtractMoney(balance, principalPart);
      rows.push({ number: index + 1, dueDate, principal: principalPart, interest, total: money(principalPart + interest) });
    });
    return rows;
  },
};
