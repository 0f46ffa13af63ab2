import { peopleDate } from '@app/contract/date-format.ts';
import { taipeiWallClock } from '@app/contract/taipei-time.ts';

/** Dates shown to users, and written in gateway messages, are Taipei wall-clock time, whatever the server's zone. */

/** `2025/01/31 14:05` in Asia/Taipei: the one date form for people (contract/date-format.ts). */
export function formatTaipeiDateTime(date: Date): string {
  const clock = taipeiWallClock(date);
  return `${peopleDate(clock.date)} ${clock.time.slice(0, 5)}`;
}

/** `2026/11/23 21:05:09`, Taipei wall-clock time, as Taiwan gateways write it. */
export function gatewayTime(instant: Date): string {
  const clock = taipeiWallClock(instant);
  return `${clock.date.replaceAll('-', '/')} ${clock.time}`;
}

/** A gateway's `2026/11/23 21:05:09` (Taipei) as an instant; null when it is not one. */
export function parseGatewayTime(text: string | undefined): Date | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}
