/** Route paths other layers need without importing the router (it lives in app/). */
export const LOANS_PATH = '/pages/loans/index';
export const LOGIN_PATH = '/pages/login/index';
/** The campaign landing: the same login in an ad layout (PRODUCT.md). */
export const LOGIN_MODULE_B_PATH = '/pages/login/moduleB';

/** Both login pages count as "the login page" of SPEC.md's launch rule. */
export function isLoginRoute(route: string): boolean {
  const path = route.split('?')[0] ?? '';
  return path === LOGIN_PATH || path === LOGIN_MODULE_B_PATH;
}

/** The login address that brings the user back to `currentRoute` afterwards. */
export function loginPathFor(currentRoute: string): string {
  if (!currentRoute.startsWith('/') || isLoginRoute(currentRoute)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentRoute)}`;
}
