import type { TOperatorRole } from './admin-roles.ts';

/**
 * The admin API's one route table: method, path (under ADMIN_API_PREFIX) and who may call
 * it. The server registers each route from it and checks the caller's role against it,
 * the console shows a menu entry only where the role may call the page's route, and a test
 * calls every route with every role. `public`: no session (sign-in, enrolment);
 * `signedIn`: any operator.
 */
export const ADMIN_API_PREFIX = '/admin/api';

export type TRouteAccess = 'public' | 'signedIn' | readonly TOperatorRole[];
export type TAdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface TAdminRoute {
  method: TAdminMethod;
  path: string;
  access: TRouteAccess;
  /**
   * A route that answers a person's data: the roles that see it whole (name, mobile, birth
   * date); the others see it masked. Every view is written to the audit trail either way.
   */
  unmasked?: readonly TOperatorRole[];
}

const route = (method: TAdminMethod, path: string, access: TRouteAccess, unmasked?: readonly TOperatorRole[]): TAdminRoute =>
  unmasked ? { method, path, access, unmasked } : { method, path, access };

const REVIEW = ['administrator', 'reviewer'] as const;
const FINANCE = ['administrator', 'finance'] as const;
const ADMIN = ['administrator'] as const;
/** Who looks people and orders up: customer service, finance (payments and refunds) and administrators. */
const LOOKUP = ['administrator', 'support', 'finance'] as const;
/** Who sees a person's name, mobile and birth date whole: those who talk to the person. */
const SEES_PERSON = ['administrator', 'support'] as const;

export const ADMIN_ROUTES = {
  csrf: route('GET', '/csrf', 'public'),
  login: route('POST', '/session', 'public'),
  enrolmentShow: route('POST', '/enrolment/show', 'public'),
  enrolmentComplete: route('POST', '/enrolment/complete', 'public'),
  session: route('GET', '/session', 'signedIn'),
  logout: route('DELETE', '/session', 'signedIn'),

  listReviews: route('GET', '/reviews', REVIEW),
  reviewDetail: route('GET', '/reviews/:orderId', REVIEW),
  reviewImage: route('GET', '/reviews/:orderId/images/:image', REVIEW),
  /** The borrower's face attempts (challenge, scores, verdict, frames), one frame's image, an attempt's still: who sees the ID photos. */
  reviewFaceAttempts: route('GET', '/reviews/:orderId/face-attempts', REVIEW),
  reviewFaceFrame: route('GET', '/reviews/:orderId/face-frames/:frameId', REVIEW),
  reviewFaceStill: route('GET', '/reviews/:orderId/face-attempts/:attemptId/still', REVIEW),
  decideReview: route('POST', '/reviews/:orderId/decision', REVIEW),

  listTransfers: route('GET', '/payments/transfers', FINANCE),
  transferReceipt: route('GET', '/payments/transfers/:id/receipt', FINANCE),
  reviewTransfer: route('POST', '/payments/transfers/:id/review', FINANCE),
  listHeld: route('GET', '/payments/held', FINANCE),
  resolveHeld: route('POST', '/payments/held/:id/resolve', FINANCE),
  listCredits: route('GET', '/payments/credits', FINANCE),
  refundCredit: route('POST', '/payments/credits/:orderId/refund', FINANCE),
  checkBooks: route('GET', '/payments/books', FINANCE),

  listPayouts: route('GET', '/payouts', FINANCE),
  releasePayout: route('POST', '/payouts/:id/release', FINANCE),
  listBankBatches: route('GET', '/payouts/bank-batches', FINANCE),
  createBankBatch: route('POST', '/payouts/bank-batches', FINANCE),
  downloadBankBatch: route('GET', '/payouts/bank-batches/:batch', FINANCE),
  importBankResult: route('POST', '/payouts/bank-results', FINANCE),
  /** A failed payout sent again, to the same account: a new payout (decision 0165). */
  retryPayout: route('POST', '/payouts/:id/retry', FINANCE),

  reconciliation: route('GET', '/payments/reconciliation', FINANCE),
  exportCsv: route('GET', '/exports/:kind', FINANCE),

  dashboard: route('GET', '/dashboard', FINANCE),
  /** Real users' web vitals, p75 per Taipei day and page over the last 7 days (decision 0158). */
  webVitals: route('GET', '/dashboard/web-vitals', FINANCE),

  searchCustomers: route('GET', '/customers', LOOKUP),
  customerDetail: route('GET', '/customers/:userId', LOOKUP, SEES_PERSON),
  orderDetail: route('GET', '/orders/:orderId', LOOKUP, SEES_PERSON),
  orderContract: route('GET', '/orders/:orderId/contract', LOOKUP),

  listAudit: route('GET', '/audit', ADMIN),

  getApiOrigins: route('GET', '/settings/api-origins', ADMIN),
  saveApiOrigins: route('PUT', '/settings/api-origins', ADMIN),
  getServiceLine: route('GET', '/settings/service-line', ADMIN),
  saveServiceLine: route('PUT', '/settings/service-line', ADMIN),
  getDecisionPolicy: route('GET', '/settings/decision-policy', ADMIN),
  saveDecisionPolicy: route('PUT', '/settings/decision-policy', ADMIN),
  listReminderTemplates: route('GET', '/settings/reminder-templates', ADMIN),
  saveReminderTemplate: route('PUT', '/settings/reminder-templates', ADMIN),

  listProducts: route('GET', '/products', ADMIN),
  checkProduct: route('POST', '/products/check', ADMIN),
  createProduct: route('POST', '/products', ADMIN),
  updateProduct: route('PUT', '/products/:productId', ADMIN),
  retireProduct: route('POST', '/products/:productId/retire', ADMIN),
  productVersions: route('GET', '/products/:productId/versions', ADMIN),

  listHomeContent: route('GET', '/content/:kind', ADMIN),
  createHomeContent: route('POST', '/content/:kind', ADMIN),
  updateHomeContent: route('PUT', '/content/:kind/:id', ADMIN),

  listDocuments: route('GET', '/documents', ADMIN),
  documentVersions: route('GET', '/documents/:key/versions', ADMIN),
  publishDocument: route('POST', '/documents/:key/versions', ADMIN),

  listFaq: route('GET', '/faq', ADMIN),
  createFaq: route('POST', '/faq', ADMIN),
  updateFaq: route('PUT', '/faq/:faqId', ADMIN),
  removeFaq: route('DELETE', '/faq/:faqId', ADMIN),

  listCampaigns: route('GET', '/campaigns', ADMIN),
  createCampaign: route('POST', '/campaigns', ADMIN),
  updateCampaign: route('PUT', '/campaigns/:id', ADMIN),

  listOperators: route('GET', '/operators', ADMIN),
  createOperator: route('POST', '/operators', ADMIN),
  updateOperator: route('POST', '/operators/:id', ADMIN),
  reissueEnrolment: route('POST', '/operators/:id/enrolment', ADMIN),
} as const satisfies Record<string, TAdminRoute>;

export type TAdminRouteKey = keyof typeof ADMIN_ROUTES;

/** Whether `role` may call `route` (a signed-in caller; public routes admit everyone). */
export function roleMayCall(role: TOperatorRole, route: TAdminRoute): boolean {
  return route.access === 'public' || route.access === 'signedIn' || route.access.includes(role);
}

/** Whether `role` sees the person's data `route` answers whole (else masked). */
export function roleSeesPerson(role: TOperatorRole, route: TAdminRoute): boolean {
  return route.unmasked?.includes(role) ?? false;
}

/** The route's path with its parameters filled in, under the prefix. */
export function adminUrl(route: TAdminRoute, params: Record<string, string | number> = {}): string {
  return ADMIN_API_PREFIX + route.path.replace(/:([a-zA-Z]+)/g, (_match, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** The console's pages: each shown in the menu only to roles that may call its route. */
export const ADMIN_PAGES = [
  { key: 'dashboard', path: '/dashboard', label: '營運儀表板', route: ADMIN_ROUTES.dashboard },
  { key: 'customers', path: '/customers', label: '用戶與訂單', route: ADMIN_ROUTES.searchCustomers },
  { key: 'reviews', path: '/reviews', label: '審核佇列', route: ADMIN_ROUTES.listReviews },
  { key: 'payments', path: '/payments', label: '款項處理', route: ADMIN_ROUTES.listTransfers },
  { key: 'payouts', path: '/payouts', label: '撥款', route: ADMIN_ROUTES.listPayouts },
  { key: 'reconciliation', path: '/reconciliation', label: '對帳與匯出', route: ADMIN_ROUTES.reconciliation },
  { key: 'audit', path: '/audit', label: '操作紀錄', route: ADMIN_ROUTES.listAudit },
  { key: 'products', path: '/products', label: '貸款產品', route: ADMIN_ROUTES.listProducts },
  { key: 'content', path: '/content', label: '首頁內容與客服', route: ADMIN_ROUTES.listHomeContent },
  { key: 'documents', path: '/documents', label: '條款與隱私權政策', route: ADMIN_ROUTES.listDocuments },
  { key: 'settings', path: '/settings', label: '網域與活動設定', route: ADMIN_ROUTES.getApiOrigins },
  { key: 'policies', path: '/policies', label: '審核門檻與提醒簡訊', route: ADMIN_ROUTES.getDecisionPolicy },
  { key: 'operators', path: '/operators', label: '操作人員', route: ADMIN_ROUTES.listOperators },
] as const;

/** Cookie and header names of the admin session and its CSRF token (double submit). */
export const ADMIN_SESSION_COOKIE = 'admin_session';
export const ADMIN_CSRF_COOKIE = 'admin_csrf';
export const ADMIN_CSRF_HEADER = 'x-csrf-token';
