import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

export interface PageRoute {
  /** SPEC.md section 2 path (hash mode). */
  path: string;
  load: () => PageModule;
  /** Document title is the product name; SPEC.md gives bankSelect an empty one. */
  emptyTitle?: boolean;
}

/** The four tab pages, in tab-bar order; '/' is an alias of the first. */
export const TAB_ROUTES = {
  loans: { path: '/pages/loans/index', load: () => import('../features/loans/pages/loans-page.tsx') },
  orders: { path: '/pages/order/index', load: () => import('../features/orders/pages/orders-page.tsx') },
  me: { path: '/pages/me/index', load: () => import('../features/me/pages/me-page.tsx') },
  aptitude: { path: '/pages/aptitude', load: () => import('../features/aptitude/pages/aptitude-page.tsx') },
} as const satisfies Record<string, PageRoute>;

/**
 * Every other route of SPEC.md section 2. Add a page by adding a line: each is its own
 * chunk, loaded when first visited.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/pages/index/index', load: () => import('../features/home/pages/index-page.tsx') },
  { path: '/pages/loans/applyFor', load: () => import('../features/loans/pages/apply-for-page.tsx') },
  { path: '/pages/loans/productList', load: () => import('../features/loans/pages/product-list-page.tsx') },
  { path: '/pages/loans/sign', load: () => import('../features/loans/pages/sign-page.tsx') },
  { path: '/pages/loans/signature', load: () => import('../features/loans/pages/signature-page.tsx') },
  { path: '/pages/loans/success', load: () => import('../features/loans/pages/loan-success-page.tsx') },
  { path: '/pages/login/index', load: () => import('../features/auth/pages/login-page.tsx') },
  { path: '/pages/login/moduleB', load: () => import('../features/auth/pages/login-module-b-page.tsx') },
  { path: '/pages/order/detail', load: () => import('../features/orders/pages/order-detail-page.tsx') },
  { path: '/pages/order/pay', load: () => import('../features/orders/pages/order-pay-page.tsx') },
  { path: '/pages/order/contract', load: () => import('../features/orders/pages/order-contract-page.tsx') },
  { path: '/pages/order/webView', load: () => import('../features/orders/pages/web-view-page.tsx') },
  { path: '/pages/agreement', load: () => import('../features/agreement/pages/agreement-page.tsx') },
  { path: '/pages/me/agreement', load: () => import('../features/agreement/pages/agreement-page.tsx') },
  /** Not in SPEC.md: 常見問題與意見回饋 of the me menu (PRODUCT.md); see docs/decisions.md. */
  { path: '/pages/me/question', load: () => import('../features/questions/pages/question-page.tsx') },
  { path: '/pages/me/face', load: () => import('../features/onboarding/pages/face-page.tsx') },
  { path: '/pages/me/faceDome', load: () => import('../features/onboarding/pages/face-guide-page.tsx') },
  { path: '/pages/me/idCard', load: () => import('../features/onboarding/pages/id-card-page.tsx') },
  { path: '/pages/me/userInfo', load: () => import('../features/onboarding/pages/user-info-page.tsx') },
  { path: '/pages/me/bankInfo', load: () => import('../features/onboarding/pages/bank-info-page.tsx') },
  { path: '/pages/me/bankList', load: () => import('../features/bank/pages/bank-list-page.tsx') },
  { path: '/pages/me/bankSelect', load: () => import('../features/bank/pages/bank-select-page.tsx'), emptyTitle: true },
  { path: '/pages/me/addBank', load: () => import('../features/bank/pages/add-bank-page.tsx') },
  { path: '/pages/me/contact', load: () => import('../features/onboarding/pages/contact-page.tsx') },
  { path: '/choose-location', load: () => import('../features/location/pages/choose-location-page.tsx') },
  { path: '/open-location', load: () => import('../features/location/pages/open-location-page.tsx') },
];
