/**
 * Every route of SPEC.md section 2 (hash mode), by name. The router's list
 * (app/routes.ts) and every navigation use these names, never a literal path.
 */
export const ROUTES = {
  // The four tab pages, in tab-bar order; '/' is an alias of the first.
  loans: '/pages/loans/index',
  orders: '/pages/order/index',
  me: '/pages/me/index',
  aptitude: '/pages/aptitude',

  home: '/pages/index/index',
  applyFor: '/pages/loans/applyFor',
  productList: '/pages/loans/productList',
  sign: '/pages/loans/sign',
  signature: '/pages/loans/signature',
  loanSuccess: '/pages/loans/success',
  login: '/pages/login/index',
  /** The campaign landing: the same login in an ad layout (PRODUCT.md). */
  loginModuleB: '/pages/login/moduleB',
  orderDetail: '/pages/order/detail',
  orderPay: '/pages/order/pay',
  orderContract: '/pages/order/contract',
  orderWebView: '/pages/order/webView',
  /** Not in SPEC.md: another receiving account for an order whose payout failed (decision 0169). */
  orderAccount: '/pages/order/account',
  agreement: '/pages/agreement',
  meAgreement: '/pages/me/agreement',
  /** Not in SPEC.md: 常見問題與意見回饋 of the me menu (PRODUCT.md); see docs/decisions.md. */
  question: '/pages/me/question',
  face: '/pages/me/face',
  faceGuide: '/pages/me/faceDome',
  idCard: '/pages/me/idCard',
  userInfo: '/pages/me/userInfo',
  bankInfo: '/pages/me/bankInfo',
  bankList: '/pages/me/bankList',
  bankSelect: '/pages/me/bankSelect',
  addBank: '/pages/me/addBank',
  contact: '/pages/me/contact',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

export type RouteName = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteName];

/** A route with its query string ('/pages/agreement?key=privacy_policy'). */
export function routeWithQuery(route: RoutePath, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? route : `${route}?${search}`;
}

/** Both login pages count as "the login page" of SPEC.md's launch rule. */
export function isLoginRoute(route: string): boolean {
  const path = route.split('?')[0] ?? '';
  return path === ROUTES.login || path === ROUTES.loginModuleB;
}

/** The login address that brings the user back to `currentRoute` afterwards. */
export function loginPathFor(currentRoute: string): string {
  if (!currentRoute.startsWith('/') || isLoginRoute(currentRoute)) return ROUTES.login;
  return `${ROUTES.login}?redirect=${encodeURIComponent(currentRoute)}`;
}
