import { useEffect, useMemo } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { registerNavigator } from '../shared/api/navigation.ts';
import { productName } from '../shared/config/shell-config.ts';
import { asyncComponent } from '../shared/ui/async-component.tsx';
import { useLoadingStore } from '../shared/ui/loading-store.ts';
import { PageChromeContext, type PageChrome } from '../shared/ui/page-chrome.ts';
import { isRouteHandle } from './route-handle.ts';
import { TAB_BAR_HEIGHT } from './tab-bar.tsx';
import { useBackAction } from './use-back-action.ts';
import type { ServiceButtonProps } from '../features/service/components/service-button.tsx';

/**
 * The floating button and the loading overlay bring an animation library with them;
 * the page renders first and they follow in their own chunks.
 */
const ServiceButton = asyncComponent<ServiceButtonProps>(
  () => import('../features/service/components/service-button.tsx').then((m) => ({ default: m.ServiceButton })),
  { quiet: true },
);
const LoadingOverlay = asyncComponent(() => import('../shared/ui/loading-overlay.tsx'), { quiet: true });

function RequestLoading() {
  const pending = useLoadingStore((s) => s.pending);
  return pending > 0 ? <LoadingOverlay /> : null;
}

function TabServiceButton() {
  return <ServiceButton bottomInset={TAB_BAR_HEIGHT} />;
}

/** Everything every page shares: title, back action, service button, loading overlay. */
export function RootLayout() {
  const navigate = useNavigate();
  const matches = useMatches();
  const back = useBackAction();
  const handles = matches.map((m) => m.handle).filter(isRouteHandle);
  const emptyTitle = handles.some((h) => h.emptyTitle === true);
  const onTab = handles.some((h) => h.tab === true);

  useEffect(() => {
    registerNavigator((path, options) => navigate(path, options));
  }, [navigate]);

  useEffect(() => {
    document.title = emptyTitle ? '' : productName();
  }, [emptyTitle]);

  const chrome = useMemo<PageChrome>(
    () => ({ back, ServiceButton: onTab ? TabServiceButton : ServiceButton }),
    [back, onTab],
  );

  return (
    <PageChromeContext.Provider value={chrome}>
      <Outlet />
      <RequestLoading />
    </PageChromeContext.Provider>
  );
}
