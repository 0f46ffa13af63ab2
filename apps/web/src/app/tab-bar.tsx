import TabBar from 'antd-mobile/es/components/tab-bar';
import { CheckShieldOutline, UserOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { TAB_APTITUDE, TAB_BAR_LABEL, TAB_LOANS, TAB_ME, TAB_ORDERS } from '@app/contract/messages/app-shell.ts';
import { TAB_ROUTES } from './routes.ts';
import { LoanNtdIcon, OrderNtdIcon } from './tab-icons.tsx';

/** SPEC.md section 2: tab bar height 70px, colours #A4B8D2 and #2886FF selected. */
export const TAB_BAR_HEIGHT = 70;

const TABS = [
  { key: TAB_ROUTES.loans.path, title: TAB_LOANS, Icon: LoanNtdIcon },
  { key: TAB_ROUTES.orders.path, title: TAB_ORDERS, Icon: OrderNtdIcon },
  { key: TAB_ROUTES.me.path, title: TAB_ME, Icon: UserOutline },
  { key: TAB_ROUTES.aptitude.path, title: TAB_APTITUDE, Icon: CheckShieldOutline },
] as const;

export function AppTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // '/' is an alias of the loans page.
  const active = pathname === '/' ? TAB_ROUTES.loans.path : pathname;
  return (
    <nav className="tab-bar" aria-label={TAB_BAR_LABEL}>
      <TabBar activeKey={active} onChange={(key) => void navigate(key, { replace: true })} safeArea>
        {TABS.map(({ key, title, Icon }) => (
          <TabBar.Item key={key} title={title} icon={<Icon className="tab-bar-icon" aria-hidden />} />
        ))}
      </TabBar>
    </nav>
  );
}
