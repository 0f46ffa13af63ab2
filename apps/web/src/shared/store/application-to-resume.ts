import { ROUTES } from '../config/route-paths.ts';
import { readItem } from './local-store.ts';

/**
 * The application a borrower set out to make (立即申請 on a product, applyFor) when an
 * onboarding step stood in the way: the steps lead back to it once all are done. On this
 * device, for this user only; a path inside the app's application page, nothing else.
 */
const KEY = 'applicationToResume';

export function rememberApplication(path: string): void {
  const userId = readItem('loginInfo')?.userId;
  if (!userId || !path.startsWith(ROUTES.applyFor)) return;
  window.localStorage.setItem(KEY, JSON.stringify({ userId, path }));
}

export function applicationToResume(): string | undefined {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return undefined;
    const { userId, path } = raw as Record<string, unknown>;
    if (userId !== readItem('loginInfo')?.userId || typeof path !== 'string' || !path.startsWith(ROUTES.applyFor)) return undefined;
    return path;
  } catch {
    return undefined;
  }
}

export function forgetApplication(): void {
  window.localStorage.removeItem(KEY);
}
