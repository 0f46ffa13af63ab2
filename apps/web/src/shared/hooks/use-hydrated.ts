import { useDeferredValue, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while React hydrates the server's markup, true from then on
 * (and at once in a page React renders from scratch). What the server does not render
 * (code loaded later, a decoration) waits for true, so hydration meets the same markup.
 *
 * After hydrating, React re-renders every user of a store whose snapshot differs from the
 * server's synchronously, in one task; the decorations' chunks resolved and mounted there
 * made a long task (72 ms at 4x CPU, 2026-11-28). Deferred, that re-render only keeps false,
 * and true follows in a background render React splits into short tasks.
 */
export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    ),
  );
}
