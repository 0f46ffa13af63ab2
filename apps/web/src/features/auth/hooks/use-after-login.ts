import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROUTES, isLoginRoute } from '../../../shared/config/route-paths.ts';

/** Every page under the login pages' folder, not only the two that exist. */
const LOGIN_FOLDER = ROUTES.login.slice(0, ROUTES.login.lastIndexOf('/') + 1);

/** Only in-app routes: an ad link must not be able to send a fresh session elsewhere. */
export function safeRedirect(value: string | null): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (isLoginRoute(value) || value.startsWith(LOGIN_FOLDER)) return undefined;
  return value;
}

function hasPreviousEntry(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return false;
  return typeof state.idx === 'number' && state.idx > 0;
}

/**
 * Where the user goes after logging in: the `redirect` parameter (where they were
 * going), else the page they came from, else the loans tab.
 */
export function useAfterLogin(): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  return useCallback(() => {
    if (redirect) void navigate(redirect, { replace: true });
    else if (hasPreviousEntry()) void navigate(-1);
    else void navigate(ROUTES.loans, { replace: true });
  }, [navigate, redirect]);
}
