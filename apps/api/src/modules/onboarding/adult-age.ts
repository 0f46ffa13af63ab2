import { MIN_BORROWER_AGE } from '@app/contract/validators/borrower-age.ts';

const TAIPEI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `YYYY-MM-DD` of `now` in Asia/Taipei. */
export function taipeiDateOf(now: Date): string {
  return TAIPEI_DATE.format(now);
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
