import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ORDER_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/orders.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';
import { routeEnteredAt } from '../../../shared/store/route-visits.ts';
import { orderRecordPayload, type OrderListFilter } from './order-list-request.ts';

export { ORDER_PAGE_SIZE, orderListFilter, type OrderListFilter } from './order-list-request.ts';

export type OrderRecordPage = ResponseOf<typeof ORDER_ENDPOINTS.loanOrderRecord>;
export type OrderSummary = OrderRecordPage['orders'][number];

export function orderRecord(state: OrderListFilter, page: number): Promise<OrderRecordPage> {
  return request(ORDER_ENDPOINTS.loanOrderRecord, orderRecordPayload(state, page));
}

/** The next page's number, or undefined once every order of the tab is loaded. */
export function nextOrderPage(last: OrderRecordPage): number | undefined {
  return last.page * last.pageSize < last.total && last.orders.length > 0 ? last.page + 1 : undefined;
}

function orderRecordQueryOptions(state: OrderListFilter) {
  return infiniteQueryOptions({
    queryKey: ['order', 'record', state],
    queryFn: ({ pageParam }) => orderRecord(state, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextOrderPage,
    meta: INLINE_ERROR_META,
  });
}

/** One tab's orders, page by page as the list scrolls. */
export function useOrderRecord(state: OrderListFilter, enabled: boolean) {
  const { pathname } = useLocation();
  return useInfiniteQuery({
    ...orderRecordQueryOptions(state),
    enabled,
    // Not asked again on mount when the route asked for it as it was entered (this visit's answer).
    refetchOnMount: (query) => {
      const entered = routeEnteredAt(pathname);
      return !(entered > 0 && query.state.dataUpdatedAt >= entered);
    },
  });
}

/** The tab's first page, asked before the orders page's code has arrived (app/routes.ts). */
export function prefetchOrderRecord(queryClient: QueryClient, state: OrderListFilter): void {
  void queryClient.prefetchInfiniteQuery(orderRecordQueryOptions(state));
}
