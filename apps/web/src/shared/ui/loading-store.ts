import { create } from 'zustand';

/** SPEC.md section 9: after this long the blocking slow-network text appears. */
export const SLOW_NETWORK_MS = 5000;

interface LoadingState {
  /** Calls that asked for the indicator and have not finished. */
  pending: number;
  slow: boolean;
}

export const useLoadingStore = create<LoadingState>(() => ({ pending: 0, slow: false }));

let slowTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Counts one call in; the returned function counts it out (idempotent). The indicator
 * hides only when every counted call has finished.
 */
export function beginLoading(): () => void {
  let ended = false;
  const { pending } = useLoadingStore.getState();
  if (pending === 0) {
    clearTimeout(slowTimer);
    slowTimer = setTimeout(() => useLoadingStore.setState({ slow: true }), SLOW_NETWORK_MS);
  }
  useLoadingStore.setState({ pending: pending + 1 });
  return () => {
    if (ended) return;
    ended = true;
    const next = Math.max(0, useLoadingStore.getState().pending - 1);
    if (next === 0) {
      clearTimeout(slowTimer);
      useLoadingStore.setState({ pending: 0, slow: false });
    } else {
      useLoadingStore.setState({ pending: next });
    }
  };
}
