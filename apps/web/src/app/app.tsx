import { useState } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { APP_LOCALE } from './locale.ts';
import { bindSessionCache } from '../shared/session/session.ts';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    bindSessionCache(client);
    return client;
  });
  return (
    <ConfigProvider locale={APP_LOCALE}>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
