import { LOGIN_PATH } from '../config/route-paths.ts';

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

export function goToLogin(): void {
  navigator(LOGIN_PATH, { replace: true });
}
