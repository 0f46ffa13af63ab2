import { useState } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={zhTW}>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
