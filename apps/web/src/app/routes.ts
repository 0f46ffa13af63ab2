import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ROUTES, type RoutePath } from '../shared/config/route-paths.ts';

type PageModule = Promise<{ default: ComponentType }>;

export interface PageRoute {
  /** SPEC.md section 2 path (hash mode), from the one route table. */
  path: RoutePath;
  load: () => PageModule;
  /** Document title is the product name; SPEC.md gives bankSelect an empty one. */
  emptyTitle?: boolean;
  /**
   * The page's first data for a logged-in user, asked for as soon as the route is entered,
   * while the page's own code is still loading (its module is a small chunk of its own).
   */
  prefetch?: (context: { queryClient: QueryClient; search: URLSearchParams }) => void;
}

/** The four tab pages, in tab-bar order; '/' is an alias of the first. */
export const TAB_ROUTES = {
  loans: { path: ROUTES.loans, load: () => import('../features/loans/pages/loans-page.tsx') },
  orders: {
    path: ROUTES.orders,
    load: () => import('../features/orders/pages/orders-page.tsx'),
    prefetch: ({ queryClient, search }) =>
      void import('../features/orders/api/order-record.ts').then((m) =>
        m.prefetchOrderRecord(queryClient, m.orderListFilter(search.get('state'))),
      ),
  },
  me: { path: ROUTES.me, load: () => import('../features/me/pages/me-page.tsx') },
  aptitude: { path: ROUTES.aptitude, load: () => import('../features/aptitude/pages/aptitude-page.tsx') },
} as const satisfies Record<string, PageRoute>;

/**
 * Every other route of SPEC.md section 2. Add a page by adding a line: each is its own
 * chunk, loaded when first visited.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: ROUTES.home, load: () => import('../features/home/pages/index-page.tsx') },
  {
    path: ROUTES.applyFor,
    load: () => import('../features/loans/pages/apply-for-page.tsx'),
    prefetch: ({ queryClient }) => void import('../features/loans/api/prefetch-apply-for.ts').then((m) => m.prefetchApplyFor(queryClient)),
  },
  { path: ROUTES.productList, load: () => import('../features/loans/pages/product-list-page.tsx') },
  { path: ROUTES.sign, load: () => import('../features/loans/pages/sign-page.tsx') },
  { path: ROUTES.signature, load: () => import('../features/loans/pages/signature-page.tsx') },
  { path: ROUTES.loanSuccess, load: () => import('../features/loans/pages/loan-success-page.tsx') },
  { path: ROUTES.login, load: () => import('../features/auth/pages/login-page.tsx') },
  { path: ROUTES.loginModuleB, load: () => import('../features/auth/pages/login-module-b-page.tsx') },
  {
    path: ROUTES.orderDetail,
    load: () => import('../features/orders/pages/order-detail-page.tsx'),
    prefetch: ({ queryClient, search }) => {
      const orderId = search.get('orderId');
      if (orderId) void import('../shared/orders/order-detail.ts').then((m) => m.prefetchOrderDetail(queryClient, orderId));
    },
  },
  { path: ROUTES.orderPay, load: () => import('../features/orders/pages/order-pay-page.tsx') },
  { path: ROUTES.orderContract, load: () => import('../features/orders/pages/order-contract-page.tsx') },
  { path: ROUTES.orderWebView, load: () => import('../features/orders/pages/web-view-page.tsx') },
  { path: ROUTES.orderAccount, load: () => import('../features/bank/pages/order-account-page.tsx') },
  { path: ROUTES.agreement, load: () => import('../features/agreement/pages/agreement-page.tsx') },
  { path: ROUTES.meAgreement, load: () => import('../features/agreement/pages/agreement-page.tsx') },
  { path: ROUTES.question, load: () => import('../features/questions/pages/question-page.tsx') },
  { path: ROUTES.face, load: () => import('../features/onboarding/pages/face-page.tsx') },
  { path: ROUTES.faceGuide, load: () => import('../features/onboarding/pages/face-guide-page.tsx') },
  { path: ROUTES.idCard, load: () => import('../features/onboarding/pages/id-card-page.tsx') },
  { path: ROUTES.userInfo, load: () => import('../features/onboarding/pages/user-info-page.tsx') },
  { path: ROUTES.bankInfo, load: () => import('../features/bank/pages/bank-info-page.tsx') },
  { path: ROUTES.bankList, load: () => import('../features/bank/pages/bank-list-page.tsx') },
  { path: ROUTES.bankSelect, load: () => import('../features/bank/pages/bank-select-page.tsx'), emptyTitle: true },
  { path: ROUTES.addBank, load: () => import('../features/bank/pages/add-bank-page.tsx') },
  { path: ROUTES.contact, load: () => import('../features/onboarding/pages/contact-page.tsx') },
  { path: ROUTES.chooseLocation, load: () => import('../features/location/pages/choose-location-page.tsx') },
  { path: ROUTES.openLocation, load: () => import('../features/location/pages/open-location-page.tsx') },
];

/** What the shared layout needs to know of the route shown: its title rule and whether it is a tab. */
export function routeTraits(pathname: string): { emptyTitle: boolean; onTab: boolean } {
  const onTab = pathname === '/' || Object.values(TAB_ROUTES).some((route) => route.path === pathname);
  const emptyTitle = PAGE_ROUTES.some((route) => route.path === pathname && route.emptyTitle === true);
  return { emptyTitle, onTab };
}
