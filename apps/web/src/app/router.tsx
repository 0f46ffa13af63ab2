import { Component, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ROUTES, type RoutePath } from '../shared/config/route-paths.ts';
import { asyncComponent } from '../shared/ui/async-component.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { PAGE_ROUTES, TAB_ROUTES, type PageRoute } from './routes.ts';
import { TabLayout } from './tab-layout.tsx';

/** SPEC.md section 9: a page chunk gets 120 s before it counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Declarative routes (`<HashRouter>` + `<Routes>`), not the data router: the app loads
 * no route data through the router, and the data router's code (loaders, actions,
 * fetchers) was about 17 KB gzip of the first load (docs/decisions.md).
 */
const pages = new Map(
  [...Object.values(TAB_ROUTES), ...PAGE_ROUTES].map((route: PageRoute) => [
    route.path,
    asyncComponent(route.load, { timeoutMs: CHUNK_LOAD_TIMEOUT_MS }),
  ]),
);

function page(path: RoutePath) {
  const Page = pages.get(path);
  if (!Page) throw new Error(`no page for ${path}`);
  return <Page />;
}

/** A layout or page that throws while rendering: never a blank page. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('render failed') };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route element={<TabLayout />}>
            <Route index element={page(TAB_ROUTES.loans.path)} />
            {Object.values(TAB_ROUTES).map((route) => (
              <Route key={route.path} path={route.path} element={page(route.path)} />
            ))}
          </Route>
          {PAGE_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={page(route.path)} />
          ))}
          <Route path="*" element={<Navigate to={ROUTES.loans} replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
