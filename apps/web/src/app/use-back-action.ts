import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { markBack } from '../features/tracking/api/mark-event.ts';
import { ROUTES } from '../shared/config/route-paths.ts';
import { writeItem } from '../shared/store/local-store.ts';

/** React Router keeps the index of the current entry in history.state. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number') {
    return state.idx;
  }
  return 0;
}

/**
 * SPEC.md sections 2 and 4: record the back event with the route left, set the
 * first-visit flag, then go back one page, or to the loans tab when there is none. A
 * page whose way back is not the page before (the end of a finished flow) names it in
 * `to`, which replaces the current entry.
 */
export function useBackAction(): (to?: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (to?: string) => {
      markBack(pathname);
      writeItem('firstVisit', true);
      if (to) void navigate(to, { replace: true });
      else if (historyIndex() > 0) void navigate(-1);
      else void navigate(ROUTES.loans, { replace: true });
    },
    [navigate, pathname],
  );
}
