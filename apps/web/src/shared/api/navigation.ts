import { loginPathFor } from '../config/route-paths.ts';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

/**
 * The request layer must send the user to login (301, relogin modal) but cannot import
 * the router, which lives in app/; the app registers its navigate function at start-up.
 */
let navigator: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

/** To login, remembering the current route so login can bring the user back. */
export function goToLogin(): void {
  const current = window.location.hash.replace(/^#/, '') || '/';
  navigator(loginPathFor(current), { replace: true });
}
