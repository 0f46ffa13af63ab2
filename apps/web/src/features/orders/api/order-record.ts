import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ORDER_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/orders.ts';
import { ORDER_LIST_FILTERS } from '@app/contract/schemas/orders.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';
import { routeEnteredAt } from '../../../shared/store/route-visits.ts';

export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export type OrderRecordPage = ResponseOf<typeof ORDER_ENDPOINTS.loanOrderRecord>;
export type OrderSummary = OrderRecordPage['orders'][number];

export const ORDER_PAGE_SIZE = 10;

/** The tab an address asks for (`?state=`): 全部 when it names none or an unknown one. */
export function orderListFilter(requested: string | null): OrderListFilter {
  return requested !== null && (ORDER_LIST_FILTERS as readonly string[]).includes(requested) ? (requested as OrderListFilter) : 'all';
}

export function orderRecord(state: OrderListFilter, page: number): Promise<OrderRecordPage> {
  return request(ORDER_ENDPOINTS.loanOrderRecord, { state, page, pageSize: ORDER_PAGE_SIZE });
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
