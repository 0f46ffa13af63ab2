import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while React hydrates the server's markup, true from then on
 * (and at once in a page React renders from scratch). What the server does not render
 * (code loaded later, a decoration) waits for true, so hydration meets the same markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
