/** Dates shown to users, and written in gateway messages, are Taipei wall-clock time, whatever the server's zone. */
const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `2025-01-31 14:05` in Asia/Taipei. */
export function formatTaipeiDateTime(date: Date): string {
  return FORMAT.format(date).slice(0, 16);
}

/** `2026/11/23 21:05:09`, Taipei wall-clock time, as Taiwan gateways write it. */
export function gatewayTime(instant: Date): string {
  return FORMAT.format(instant).replaceAll('-', '/');
}

/** A gateway's `2026/11/23 21:05:09` (Taipei) as an instant; null when it is not one. */
export function parseGatewayTime(text: string | undefined): Date | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}
