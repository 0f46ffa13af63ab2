import { useInfiniteQuery } from '@tanstack/react-query';
import { ORDER_ENDPOINTS, type ResponseOf } from '@app/contract/endpoints/orders.ts';
import type { ORDER_LIST_FILTERS } from '@app/contract/schemas/orders.ts';
import { INLINE_ERROR_META } from '../../../shared/api/query-meta.ts';
import { request } from '../../../shared/api/request.ts';

export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export type OrderRecordPage = ResponseOf<typeof ORDER_ENDPOINTS.loanOrderRecord>;
export type OrderSummary = OrderRecordPage['orders'][number];

export const ORDER_PAGE_SIZE = 10;

export function orderRecord(state: OrderListFilter, page: number): Promise<OrderRecordPage> {
  return request(ORDER_ENDPOINTS.loanOrderRecord, { state, page, pageSize: ORDER_PAGE_SIZE });
}

/** The next page's number, or undefined once every order of the tab is loaded. */
export function nextOrderPage(last: OrderRecordPage): number | undefined {
  return last.page * last.pageSize < last.total && last.orders.length > 0 ? last.page + 1 : undefined;
}

/** One tab's orders, page by page as the list scrolls. */
export function useOrderRecord(state: OrderListFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['order', 'record', state],
    queryFn: ({ pageParam }) => orderRecord(state, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextOrderPage,
    enabled,
    meta: INLINE_ERROR_META,
  });
}
