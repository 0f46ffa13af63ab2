import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type ResponseOf } from '@app/contract/endpoints.ts';
import type { TOrderState } from '@app/contract/schemas/orders.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type OrderDetail = ResponseOf<typeof ENDPOINTS.loanOrderDetail>['order'];

/** States the success page waits in: the next one comes by itself (decision, payout). */
const MOVING_STATES: readonly TOrderState[] = ['審核中', '已核准', '放款中'];
export const ORDER_POLL_MS = 3000;

export function orderDetail(orderId: string): Promise<OrderDetail> {
  return request(ENDPOINTS.loanOrderDetail, { orderId }).then((answer) => answer.order);
}

/** The order, read again every few seconds while it is moving on its own. */
export function useOrderDetail(orderId: string | undefined) {
  return useQuery({
    queryKey: ['order', 'detail', orderId],
    queryFn: () => orderDetail(orderId ?? ''),
    enabled: orderId !== undefined,
    meta: INLINE_ERROR_META,
    refetchInterval: (query) => (query.state.data && MOVING_STATES.includes(query.state.data.state) ? ORDER_POLL_MS : false),
  });
}
