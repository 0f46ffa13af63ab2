import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import { MIN_BORROWER_AGE } from '@app/contract/validators/borrower-age.ts';

/** `YYYY-MM-DD` of `now` in Asia/Taipei. */
export function taipeiDateOf(now: Date): string {
  return taipeiCalendarDate(now);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Whole years from `birthDate` to `today` (both `YYYY-MM-DD`). Someone born on 29 February
 * has their birthday on 28 February in other years (Civil Code art. 121 para. 2, 124).
 */
export function ageOn(birthDate: string, today: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const birthdayDay = birthMonth === 2 && birthDay === 29 && !isLeapYear(year) ? 28 : birthDay;
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthdayDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

export function isAdultOn(birthDate: string, now: Date): boolean {
  return ageOn(birthDate, taipeiDateOf(now)) >= MIN_BORROWER_AGE;
}
