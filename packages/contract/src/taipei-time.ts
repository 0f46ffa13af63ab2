/**
 * Taipei's wall clock, the one the app and the API show and count days by (Asia/Taipei
 * has no daylight saving), whatever zone the device or the server runs in. Calendar
 * dates are `YYYY-MM-DD`, times `HH:mm:ss`.
 */
const WALL_CLOCK = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** An instant on Taipei's wall clock: `{ date: '2026-11-23', time: '21:05:09' }`. */
export function taipeiWallClock(instant: Date): { date: string; time: string } {
  const [date = '', time = ''] = WALL_CLOCK.format(instant).split(' ');
  return { date, time };
}

/** The Taipei calendar day of an instant: `2026-11-23`. */
export function taipeiCalendarDate(instant: Date): string {
  return taipeiWallClock(instant).date;
}
