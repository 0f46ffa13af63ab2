import { useSearchParams } from 'react-router';
import { TAB_ORDERS } from '@app/contract/messages/app-shell.ts';
import { ORDER_LIST_LOGIN_PROMPT, ORDER_LIST_TABS } from '@app/contract/messages/order-pages.ts';
import { ORDER_LIST_FILTERS } from '@app/contract/schemas/orders.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { LoginGate } from '../../../shared/ui/login-gate.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { TabList, tabIdOf } from '../../../shared/ui/tab-list.tsx';
import { orderListFilter } from '../api/order-record.ts';
import { OrderList } from '../components/order-list.tsx';
import './orders.css';

const TABS = ORDER_LIST_FILTERS.map((key) => ({ key, title: ORDER_LIST_TABS[key] }));
const PANEL_ID = 'orders-panel';

/**
 * /pages/order/index (tab 訂單) — the borrower's orders by state: 全部, 審核中, 待還款,
 * 已逾期, 已結清; the chosen tab is kept in the address so back from a detail returns to it.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter = orderListFilter(params.get('state'));
  return (
    <div className="page orders-page">
      <NavBar title={TAB_ORDERS} showBack={false} />
      <main className="page-body orders-body">
        <LoginGate returnTo={ROUTES.orders} prompt={ORDER_LIST_LOGIN_PROMPT}>
          <TabList
            className="orders-tabs"
            tabs={TABS}
            active={filter}
            controls={PANEL_ID}
            onChange={(key) => setParams(key === 'all' ? {} : { state: key }, { replace: true })}
          />
          <div
            className="orders-list-wrap"
            role="tabpanel"
            id={PANEL_ID}
            aria-labelledby={tabIdOf(PANEL_ID, ORDER_LIST_FILTERS.indexOf(filter))}
          >
            <OrderList key={filter} filter={filter} />
          </div>
        </LoginGate>
      </main>
    </div>
  );
}
