import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../shared/config/route-paths.ts';
import { asyncComponent } from '../shared/ui/async-component.tsx';
import { DelayedLoading } from '../shared/ui/delayed-loading.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './route-handle.ts';
import { PAGE_ROUTES, TAB_ROUTES, type PageRoute } from './routes.ts';
import { TabLayout } from './tab-layout.tsx';

/** SPEC.md section 9: a page chunk gets 120 s before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function pageRoute(route: PageRoute): RouteObject {
  const handle: RouteHandle = { emptyTitle: route.emptyTitle === true };
  return {
    path: route.path,
    Component: asyncComponent(route.load, { timeoutMs: CHUNK_LOAD_TIMEOUT_MS }),
    errorElement: <RouteError />,
    handle,
  };
}

export function createAppRouter() {
  const tabs = Object.values(TAB_ROUTES);
  return createHashRouter([
    {
      path: '/',
      Component: RootLayout,
      errorElement: <RouteError />,
      hydrateFallbackElement: <DelayedLoading />,
      children: [
        {
          Component: TabLayout,
          handle: { tab: true } satisfies RouteHandle,
          children: [
            {
              index: true,
              Component: asyncComponent(TAB_ROUTES.loans.load, { timeoutMs: CHUNK_LOAD_TIMEOUT_MS }),
              errorElement: <RouteError />,
            },
            ...tabs.map(pageRoute),
          ],
        },
        ...PAGE_ROUTES.map(pageRoute),
        { path: '*', element: <Navigate to={ROUTES.loans} replace /> },
      ],
    },
  ]);
}
