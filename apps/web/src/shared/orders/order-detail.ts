import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ORDER_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/orders.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import { INLINE_ERROR_META } from '../api/query-meta.ts';
import { request } from '../api/request.ts';
import { routeEnteredAt } from '../store/route-visits.ts';

export type OrderDetail = ResponseOf<typeof ORDER_ENDPOINTS.loanOrderDetail>['order'];
export type OrderPayment = OrderDetail['payments'][number];

/**
 * One order's detail, for every page that shows it (signing, success, detail, pay,
 * contract): one query key, one polling rule.
 */

/** States that change by themselves (decision, payout): the detail is read again meanwhile. */
const MOVING_STATES: readonly TOrderState[] = ['審核中', '已核准', '放款中'];
const ORDER_POLL_MS = 3000;

export function orderDetailQueryKey(orderId: string | undefined) {
  return ['order', 'detail', orderId] as const;
}

export function orderDetail(orderId: string): Promise<OrderDetail> {
  return request(ORDER_ENDPOINTS.loanOrderDetail, { orderId }).then((answer) => answer.order);
}

/** The order detail asked for before its page's code has arrived (app/routes.ts). */
export function prefetchOrderDetail(queryClient: QueryClient, orderId: string): void {
  void queryClient.prefetchQuery({ queryKey: orderDetailQueryKey(orderId), queryFn: () => orderDetail(orderId), meta: INLINE_ERROR_META });
}

/**
 * The order; read again every few seconds while it moves on its own or while one of its
 * payments waits for the gateway (`watchPayments`), so a payment shows as soon as it lands.
 */
export function useOrderDetail(orderId: string | undefined, options: { watchPayments?: boolean } = {}) {
  const { pathname } = useLocation();
  return useQuery({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: () => orderDetail(orderId ?? ''),
    enabled: orderId !== undefined,
    meta: INLINE_ERROR_META,
    // Not asked again on mount when the route asked for it as it was entered (this visit's answer).
    refetchOnMount: (query) => {
      const entered = routeEnteredAt(pathname);
      return !(entered > 0 && query.state.dataUpdatedAt >= entered);
    },
    refetchInterval: (query) => {
      const order = query.state.data;
      if (!order) return false;
      if (MOVING_STATES.includes(order.state)) return ORDER_POLL_MS;
      if (options.watchPayments && order.payments.some((payment) => payment.state === 'pending')) return ORDER_POLL_MS;
      return false;
    },
  });
}
