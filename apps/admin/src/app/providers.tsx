import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message } from 'antd';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import { useState, type ReactNode } from 'react';
import { AdminApiError } from '../shared/api/admin-request.ts';

// Calendar pickers in Traditional Chinese (antd's zh_TW locale names the dayjs one).
dayjs.locale('zh-tw');

/**
 * Refusals are shown once, here: the API's own message (Traditional Chinese). A 401 means
 * the session ended (idle or signed out elsewhere): the session is forgotten and the
 * router shows the sign-in page.
 */
function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.queryKey[0] === 'session') return;
        if (error instanceof AdminApiError && error.status === 401) client.setQueryData(['session'], null);
        void message.error(error.message);
      },
    }),
    mutationCache: new MutationCache({
      onError(error) {
        if (error instanceof AdminApiError && error.status === 401) client.setQueryData(['session'], null);
        void message.error(error.message);
      },
    }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  return client;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <ConfigProvider locale={zhTW} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: '#1f6feb', borderRadius: 6 } }}>
      <AntApp>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
