import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigator } from '../shared/api/navigation.ts';
import { productName } from '../shared/config/shell-config.ts';
import { asyncComponent } from '../shared/ui/async-component.tsx';
import { useLoadingStore } from '../shared/ui/loading-store.ts';
import { afterLoad } from '../shared/utils/after-load.ts';
import { PageChromeContext, type PageChrome } from '../shared/ui/page-chrome.ts';
import { OfflineBanner, UpdatePrompt } from './delivery-status.tsx';
import { routeTraits } from './routes.ts';
import { TAB_BAR_HEIGHT } from './tab-bar.tsx';
import { useBackAction } from './use-back-action.ts';
import type { ServiceButtonProps } from '../features/service/components/service-button.tsx';

/**
 * The floating button and the loading overlay bring an animation library with them;
 * the page renders first and they follow in their own chunks. The button, a decoration,
 * is fetched only after the page has loaded, so it never delays the first content.
 */
const SERVICE_BUTTON_DELAY_MS = 1500;
const ServiceButton = asyncComponent<ServiceButtonProps>(
  () =>
    afterLoad(SERVICE_BUTTON_DELAY_MS)
      .then(() => import('../features/service/components/service-button.tsx'))
      .then((m) => ({ default: m.ServiceButton })),
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

/** Everything every page shares: title, back action, service button, loading overlay, offline and update notices. */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const back = useBackAction();
  const { emptyTitle, onTab } = routeTraits(pathname);

  useEffect(() => {
    registerNavigator((path, options) => void navigate(path, options));
  }, [navigate]);

  useEffect(() => {
    document.title = emptyTitle ? '' : productName();
  }, [emptyTitle]);

  const [serviceRequested, setServiceRequested] = useState(false);
  const requestService = useCallback(() => setServiceRequested(true), []);
  const serviceOpened = useCallback(() => setServiceRequested(false), []);
  // A request not taken before the page changed is not carried to the next page.
  useEffect(() => setServiceRequested(false), [pathname]);

  const chrome = useMemo<PageChrome>(
    () => ({ back, ServiceButton: onTab ? TabServiceButton : ServiceButton, requestService, serviceRequested, serviceOpened }),
    [back, onTab, requestService, serviceRequested, serviceOpened],
  );

  return (
    <PageChromeContext.Provider value={chrome}>
      <OfflineBanner />
      <Outlet />
      <RequestLoading />
      <UpdatePrompt />
    </PageChromeContext.Provider>
  );
}
