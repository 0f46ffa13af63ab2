import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';

/** Where the main action of an order in this state goes, or null when it has none. */
export function mainActionOf(state: TOrderState, orderId: string): { kind: 'sign' | 'repay'; to: string } | null {
  if (state === '待簽約') return { kind: 'sign', to: routeWithQuery(ROUTES.sign, { orderId }) };
  if (state === '待還款' || state === '已逾期') return { kind: 'repay', to: routeWithQuery(ROUTES.orderPay, { orderId }) };
  return null;
}

export function detailRoute(orderId: string): string {
  return routeWithQuery(ROUTES.orderDetail, { orderId });
}
