import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProviders } from './theme-providers';

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/**
 * Mantine (with the saved colour scheme), toasts and the query client. ModalsProvider lives in the
 * logged-in shell (AppLayout): Modal pulls in ScrollArea and floating-ui, ~30 KB gzip the login
 * page does not need.
 */
export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <ThemeProviders env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProviders>
  );
}
