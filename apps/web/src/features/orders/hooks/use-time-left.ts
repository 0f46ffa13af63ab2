import { serverNow } from '../../../shared/api/server-clock.ts';
import { useNowUntil } from '../../../shared/hooks/use-countdown.ts';

/** Seconds left until an ISO time by the server's clock, ticking once a second (0 once it passed or without one). */
export function useTimeLeft(until: string | null): number {
  const deadline = until ? Date.parse(until) : Number.NaN;
  const now = useNowUntil(deadline, serverNow);
  return Number.isNaN(deadline) ? 0 : Math.max(0, Math.floor((deadline - now) / 1000));
}
