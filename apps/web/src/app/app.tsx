import { useState, type ReactNode } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { APP_LOCALE } from './locale.ts';
import { bindSessionCache } from '../shared/session/session.ts';
import { createQueryClient } from './query-client.ts';
import { FrameHydrated } from '../shared/ui/early-input.ts';
import { AppRoutes } from './router.tsx';
import { FollowAddressAtStart } from './follow-address-at-start.tsx';

/** What wraps every page, in the browser and on the server (first-view-server.tsx): the same tree both sides. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={APP_LOCALE}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}

/** The app; `seed` fills the query cache before the first render (the server's first-view data). */
export function App({ seed }: { seed?: (queryClient: QueryClient) => void }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    bindSessionCache(client);
    seed?.(client);
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
        {/* After the routes: placed before them, the loans landing moved by a fraction of a pixel as it hydrated (first-view.test.ts's CLS 0). */}
        <FollowAddressAtStart />
      </HashRouter>
      {/* Outside the pages' Suspense boundaries: its effect runs when the root's hydration commits (decision 0171). */}
      <FrameHydrated />
    </AppProviders>
  );
}
