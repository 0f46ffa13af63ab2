/**
 * The server's entry (`vite build --ssr`, to dist-ssr/first-view-server.js): renders the
 * public first views — the loans home as a visitor sees it and the login page — with the
 * app's own components and routes, for the API server to put into index.html (decision
 * 0166). Nothing here reads a window: the router is given its location, the query cache
 * its data.
 */
import './app/zod-jitless.ts';
import { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { Router, createPath, type Navigator } from 'react-router';
import type { TRuntimeConfig } from '@app/contract/runtime-config.ts';
import { AppProviders } from './app/app.tsx';
import { FIRST_VIEW_ROUTES, RENDERED_VIEWS, type FirstViewData } from './app/first-view.ts';
import { seedFirstViewData } from './app/first-view-seed.ts';
import { AppRoutes } from './app/router.tsx';
import { CONFIG_GLOBAL } from './shared/config/shell-config.ts';

// What the server needs to assemble the page: the inline scripts and style, the ids.
export {
  APP_ENTRY_ATTRIBUTE,
  APP_START_TEMPLATE_ID,
  CHOOSE_VIEW_SCRIPT,
  EARLY_INPUT_SCRIPT,
  FIRST_VIEW_DATA_ID,
  FIRST_VIEW_STYLE,
  FIRST_VIEW_TEMPLATE_PREFIX,
  PLACE_VIEW_SCRIPT,
  START_APP_SCRIPT,
  VIEW_PRELOADS_TEMPLATE_ID,
} from './app/first-view.ts';
export type { FirstViewData } from './app/first-view.ts';

/** Links as the browser's hash router writes them ('#/pages/agreement?key=…'); nothing navigates on the server. */
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

/** The markup of each rendered view, as React renders it into #root. */
export type FirstViews = Record<(typeof RENDERED_VIEWS)[number], string>;

async function renderAt(route: string, data: FirstViewData): Promise<string> {
  // The same cache settings the browser seeds (retry 0: nothing is fetched here anyway).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 0, refetchOnWindowFocus: false } } });
  seedFirstViewData(queryClient, data);
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient}>
      <Router location={route} navigator={hashNavigator} static>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return html;
}

/** One render at a time: the product name is read from the global the browser's runtime config sets. */
let queue: Promise<unknown> = Promise.resolve();

/** Both views from the public data and the runtime config (the product name in the titles). */
export function renderFirstViews(runtime: TRuntimeConfig, data: FirstViewData): Promise<FirstViews> {
  const run = async (): Promise<FirstViews> => {
    (globalThis as { [CONFIG_GLOBAL]?: unknown })[CONFIG_GLOBAL] = runtime;
    const views: Partial<FirstViews> = {};
    for (const view of RENDERED_VIEWS) views[view] = await renderAt(FIRST_VIEW_ROUTES[view], data);
    return views as FirstViews;
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
