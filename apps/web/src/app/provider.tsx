import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query';

/** Props of {@link AppProvider}; tests pass a fresh query client. */
export interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** App-wide providers below the router: the server-state cache and antd-mobile in Chinese. */
export function AppProvider({ children, queryClient = appQueryClient }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
