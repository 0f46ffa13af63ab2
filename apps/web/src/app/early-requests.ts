import { PATHS, type PathDef } from '@app/contract/paths.ts';
import { orderListFilter, orderRecordPayload } from '../features/orders/api/order-list-request.ts';
import { ROUTES } from '../shared/config/route-paths.ts';

/** A request the early start sends (src/early-start.ts): a path of the contract and its payload. */
export interface EarlyAsk {
  path: Pick<PathDef, 'method' | 'path'>;
  payload: Record<string, unknown>;
}

/**
 * The first requests of a session's page, by its hash route (`/pages/order/detail?orderId=…`),
 * sent by the early start before the app's code has run (decision 0194): the same as the
 * route's prefetch (app/routes.ts) and its page's first queries make, payload and all, since
 * the request layer takes an early answer only for the very same request
 * (shared/api/early-answers.ts). A page not listed asks for its data when its code runs.
 * The browser test "a session's page asks for its data before its code" counts one of each.
 */
export function earlyAsksFor(route: string): EarlyAsk[] {
  const [path = '', query = ''] = route.split('?');
  const search = new URLSearchParams(query);
  switch (path) {
    // The loans tab (where a returning borrower lands): the whole home in one request (loans' loan-index.ts).
    case '':
    case '/':
    case ROUTES.home:
    case ROUTES.loans:
      return [{ path: PATHS.loanCommonIndex, payload: {} }];
    case ROUTES.applyFor:
      // Where 立即申請 goes (loans' loan-check.ts), then the products, cards and purposes (loan-init.ts).
      return [
        { path: PATHS.loanCheck, payload: {} },
        { path: PATHS.loanInitV31, payload: {} },
      ];
    // The order's detail, and its pay page (where a due-date reminder's link lands): both read the order first (shared/orders/order-detail.ts).
    case ROUTES.orderDetail:
    case ROUTES.orderPay: {
      const orderId = search.get('orderId');
      return orderId ? [{ path: PATHS.loanOrderDetail, payload: { orderId } }] : [];
    }
    case ROUTES.orders:
      // The tab's first page (orders' order-record.ts).
      return [{ path: PATHS.loanOrderRecord, payload: orderRecordPayload(orderListFilter(search.get('state')), 1) }];
    default:
      return [];
  }
}
