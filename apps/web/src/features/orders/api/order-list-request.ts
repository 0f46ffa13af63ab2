import { ORDER_LIST_FILTERS } from '@app/contract/order-list-filters.ts';

/** One page of a tab's orders, as the list asks for it: free of zod and react-query, so the early start (app/early-requests.ts) asks the same. */
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

export const ORDER_PAGE_SIZE = 10;

/** The tab an address asks for (`?state=`): 全部 when it names none or an unknown one. */
export function orderListFilter(requested: string | null): OrderListFilter {
  return requested !== null && (ORDER_LIST_FILTERS as readonly string[]).includes(requested) ? (requested as OrderListFilter) : 'all';
}

/** loanOrderRecord's payload for one page of a tab. */
export function orderRecordPayload(state: OrderListFilter, page: number): { state: OrderListFilter; page: number; pageSize: number } {
  return { state, page, pageSize: ORDER_PAGE_SIZE };
}
