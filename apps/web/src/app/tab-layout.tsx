import { Outlet } from 'react-router';
import { AppTabBar } from './tab-bar.tsx';

/** Tab pages keep their content above the fixed tab bar. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <Outlet />
      <AppTabBar />
    </div>
  );
}
