import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from '@/lib/theme';

// The toast container (Transition, Portal) and its styles load after the first paint;
// notifications.show() queues in the store meanwhile. Keeps the login page's JS and CSS small.
const Notifications = lazy(() => import('./toasts').then((m) => ({ default: m.Notifications })));

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
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={env}
    >
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
