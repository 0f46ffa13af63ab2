import { useCallback, useEffect, useRef } from 'react';

/**
 * The phone's own back button (history back) must do what the page's back button does:
 * on a page that asks before leaving (SPEC.md's quit popup), it asks. While `active`, a
 * second history entry of the same address sits on top of the page's ("the guard"); the
 * phone's back only steps down onto the page's entry, where the guard is put back and
 * `onBack` runs instead of leaving. The address never changes, so the router keeps the
 * page and what is typed in it.
 */
const GUARD = 'backGuard';

function stateOf(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** The current history entry is a guard: the page's own entry is one step below it. */
export function isGuardEntry(): boolean {
  return stateOf()[GUARD] === true;
}

function pushGuard(): void {
  const state = stateOf();
  const idx = typeof state.idx === 'number' ? state.idx : 0;
  // The router reads `idx` to know whether there is a page before: the guard counts as one more.
  window.history.pushState({ ...state, [GUARD]: true, idx: idx + 1 }, '', window.location.href);
}

/**
 * Returns `leave(then)`: removes the guard, then runs `then` (the page's way back), so a
 * deliberate exit is one step, never a step onto the same page.
 */
export function useHistoryBackGuard(active: boolean, onBack: () => void): (then: () => void) => void {
  const onBackRef = useRef(onBack);
  const leaving = useRef<(() => void) | null>(null);
  useEffect(() => {
    onBackRef.current = onBack;
  }, [onBack]);

  useEffect(() => {
    if (!active) return undefined;
    if (!isGuardEntry()) pushGuard();
    const pageHref = window.location.href;
    const onPop = () => {
      // Another address: a navigation away, not a step down onto this page's own entry.
      if (window.location.href !== pageHref) return;
      const then = leaving.current;
      if (then) {
        leaving.current = null;
        then();
        return;
      }
      // Forward onto a guard again: nothing to ask.
      if (isGuardEntry()) return;
      pushGuard();
      onBackRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [active]);

  return useCallback((then: () => void) => {
    if (!isGuardEntry()) return then();
    leaving.current = then;
    window.history.back();
  }, []);
}
