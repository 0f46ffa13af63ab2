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
 * first-visit flag, then go back one page, or to the loans tab when there is none.
 */
export function useBackAction(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    markBack(pathname);
    writeItem('firstVisit', true);
    if (historyIndex() > 0) navigate(-1);
    else navigate(ROUTES.loans, { replace: true });
  }, [navigate, pathname]);
}
