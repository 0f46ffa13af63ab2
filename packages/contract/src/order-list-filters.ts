/**
 * The filters of the order tabs: 全部 and the states a borrower follows. Free of zod (the
 * schemas import it): the web app's early start (apps/web/src/early-start.ts) reads it.
 */
export const ORDER_LIST_FILTERS = ['all', '審核中', '待還款', '已逾期', '已結清'] as const;
