/**
 * Taipei's wall clock, the one the app and the API show and count days by (Asia/Taipei
 * has no daylight saving), whatever zone the device or the server runs in. Calendar
 * dates are `YYYY-MM-DD`, times `HH:mm:ss`.
 */
let wallClock: Intl.DateTimeFormat | undefined;

/**
 * Made on first use: building a formatter for a time zone loads the zone's data, which a
 * page that shows no date (the loans home's first paint) should not pay for.
 */
function wallClockFormat(): Intl.DateTimeFormat {
  wallClock ??= new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Taipei',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return wallClock;
}

/** An instant on Taipei's wall clock: `{ date: '2026-11-23', time: '21:05:09' }`. */
export function taipeiWallClock(instant: Date): { date: string; time: string } {
  const [date = '', time = ''] = wallClockFormat().format(instant).split(' ');
  return { date, time };
}

/** The Taipei calendar day of an instant: `2026-11-23`. */
export function taipeiCalendarDate(instant: Date): string {
  return taipeiWallClock(instant).date;
}
