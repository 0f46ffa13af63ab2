import { useCallback, useEffect, useState } from 'react';

/**
 * The current time, re-read once a second until `deadline` (ms since the epoch) has
 * passed, then still. Keeps the deadline (not a counter), so a throttled background tab
 * still shows the right value when it wakes.
 */
export function useNowUntil(deadline: number, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (Number.isNaN(deadline) || deadline <= clock()) return undefined;
    const timer = setInterval(() => {
      const current = clock();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, clock]);
  return now;
}

/** Seconds left of a countdown the caller starts (the resend timer of a code). */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [started, setStarted] = useState(0);
  const ticking = useNowUntil(deadline);
  const now = Math.max(ticking, started);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setStarted(current);
    setDeadline(current + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / 1000)), start };
}
