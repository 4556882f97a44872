import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { hasShownToast, onFirstToast } from '@/lib/notify';
import { colorSchemeManager, cssVariablesResolver, theme } from '@/lib/theme';

// The toast container (Transition, Portal, RemoveScroll) and its styles load with the first toast
// (see showToast); notifications.show() queues in the store meanwhile. A page that shows no toast,
// like the login page, never loads them.
const Notifications = lazy(() => import('./toasts').then((m) => ({ default: m.Notifications })));

export interface ThemeProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/** Mantine with the saved colour scheme, and toasts: what the app and the login page share. */
export function ThemeProviders({ children, env = 'default' }: ThemeProvidersProps) {
  const toasts = useSyncExternalStore(onFirstToast, hasShownToast);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={env}
    >
      {toasts && (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}
