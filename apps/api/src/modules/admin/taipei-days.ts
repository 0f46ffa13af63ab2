/** Taipei calendar days (YYYY-MM-DD) and the instants that bound them: Taiwan keeps UTC+8 all year. */

/** Taipei midnight at the start of `day`, as an instant. */
export function taipeiDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The instants [start of `from`, start of the day after `to`) of a range of days. */
export function instantsOf(from: string, to: string): { from: Date; until: Date } {
  return { from: taipeiDayStart(from), until: taipeiDayStart(addDays(to, 1)) };
}
