/** Dates shown to users are Taipei wall-clock time, whatever the server's zone. */
const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `2025-01-31 14:05` in Asia/Taipei. */
export function formatTaipeiDateTime(date: Date): string {
  return FORMAT.format(date);
}
