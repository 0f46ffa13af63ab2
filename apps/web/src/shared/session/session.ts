import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { clearDrafts } from '../store/form-drafts.ts';
import { clearSession, readItem, writeItem, type TLoginInfo } from '../store/local-store.ts';

/**
 * The borrower's session, one thing for the whole app: whether there is one (a hook that
 * re-renders when it begins or ends, also from another tab), how it begins (login) and
 * how it ends (logout, account deletion, or the server's 301). Ending it always drops
 * every cached answer of the query client, so nothing of the last user is shown or
 * refetched without a session. SPEC.md's storage keys stay the truth (`token`,
 * `loginInfo`); this module is the only writer of them.
 */

const listeners = new Set<() => void>();
let queryClient: QueryClient | undefined;

/** The app's query client, whose cache a session's start and end clear (called once, at the root). */
export function bindSessionCache(client: QueryClient): void {
  queryClient = client;
}

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes the same storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'token' || event.key === 'loginInfo') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function currentToken(): string {
  const token = readItem('token');
  return typeof token === 'string' ? token : '';
}

/** Whether a session exists now (outside React: the launch check, a click handler). */
export function hasSession(): boolean {
  return currentToken().length > 0;
}

/** Whether a session exists; the component re-renders when that changes. */
export function useSession(): { loggedIn: boolean } {
  const token = useSyncExternalStore(subscribe, currentToken, () => '');
  return { loggedIn: token.length > 0 };
}

/** Login: the token and loginInfo stored, every cached answer of the previous (anonymous or other) session dropped. */
export function beginSession(token: string, loginInfo: TLoginInfo): void {
  writeItem('token', token);
  writeItem('loginInfo', loginInfo);
  queryClient?.removeQueries();
  changed();
}

/**
 * The session is over. `logout` (the borrower asked, or deleted the account) also forgets
 * the onboarding drafts; a 301 keeps them, so what was typed survives the relogin.
 */
export function endSession(reason: 'logout' | 'expired'): void {
  clearSession();
  if (reason === 'logout') clearDrafts();
  queryClient?.removeQueries();
  changed();
}
