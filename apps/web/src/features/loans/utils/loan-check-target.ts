import type { TLoanCheckResponse } from '@app/contract/schemas/loan-home.ts';
import { ONBOARDING_STEP_PAGES } from '../../../shared/config/onboarding-step-pages.ts';
import { ROUTES, loginPathFor, routeWithQuery } from '../../../shared/config/route-paths.ts';

export type LoanCheckTarget = { kind: 'go'; to: string } | { kind: 'coolDown'; until: string };

/**
 * Where 立即申請 leads, from loan/check's answer: login (back to the loans page
 * afterwards), the onboarding step to do, the open order (待簽約 resumes signing, any
 * other state is the order's detail), the cool-down message, or the application — the
 * preferred product (tapped, or in progress) or the only product straight to applyFor,
 * else the product list.
 */
export function loanCheckTarget(
  check: TLoanCheckResponse,
  context: { productIds: readonly string[]; preferredProductId?: string },
): LoanCheckTarget {
  switch (check.next) {
    case 'login':
      return { kind: 'go', to: loginPathFor(ROUTES.loans) };
    case 'order': {
      if (!check.orderId) return { kind: 'go', to: ROUTES.orders };
      const route = check.orderState === '待簽約' ? ROUTES.sign : ROUTES.orderDetail;
      return { kind: 'go', to: routeWithQuery(route, { orderId: check.orderId }) };
    }
    case 'coolDown':
      return { kind: 'coolDown', until: check.coolDownUntil ?? '' };
    case 'apply': {
      const { productIds, preferredProductId } = context;
      if (preferredProductId && productIds.includes(preferredProductId)) {
        return { kind: 'go', to: routeWithQuery(ROUTES.applyFor, { productId: preferredProductId }) };
      }
      const [only] = productIds;
      if (productIds.length === 1 && only) return { kind: 'go', to: routeWithQuery(ROUTES.applyFor, { productId: only }) };
      return { kind: 'go', to: ROUTES.productList };
    }
    default:
      return { kind: 'go', to: ONBOARDING_STEP_PAGES[check.next].path };
  }
}
