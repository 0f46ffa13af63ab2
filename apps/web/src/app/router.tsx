import { Component, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes, useSearchParams } from 'react-router';
import { useSession } from '../shared/session/session.ts';
import { noteRouteEntered } from '../shared/store/route-visits.ts';
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

const prefetches = new Map(
  [...Object.values(TAB_ROUTES), ...PAGE_ROUTES].flatMap((route: PageRoute) =>
    route.prefetch ? [[route.path, route.prefetch] as const] : [],
  ),
);

/**
 * Asks for a logged-in page's first data when its route is entered. It asks while
 * rendering, before the page beside it starts loading its code, so that its small chunk
 * is not queued behind the page's dozens (a browser opens six connections per host); the
 * query client keeps a second ask of the same data from leaving twice.
 */
function PrefetchData({ path, prefetch }: { path: RoutePath; prefetch: NonNullable<PageRoute['prefetch']> }) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { loggedIn } = useSession();
  const query = search.toString();
  const asked = useRef<string | null>(null);
  if (loggedIn && asked.current !== query) {
    asked.current = query;
    // Before anything of the page renders: its cached answers older than this are an earlier visit's.
    noteRouteEntered(path);
    prefetch({ queryClient, search: new URLSearchParams(query) });
  }
  return null;
}

function page(path: RoutePath) {
  const Page = pages.get(path);
  if (!Page) throw new Error(`no page for ${path}`);
  const prefetch = prefetches.get(path);
  return (
    <>
      {prefetch ? <PrefetchData path={path} prefetch={prefetch} /> : null}
      <Page />
    </>
  );
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
