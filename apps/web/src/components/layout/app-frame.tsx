import { AppShell, Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Footer } from './footer';

const HEADER_HEIGHT = 64;

export interface AppFrameProps {
  header: ReactNode;
  navbar: ReactNode;
  /** The sidebar at its narrow, icons-only width (desktop). */
  collapsed?: boolean;
  /** The sidebar open over the page (phone). */
  navOpened?: boolean;
  /** The page area's id, the skip link's target; the boot shell's copy has none. */
  mainId?: string;
  children: ReactNode;
}

/**
 * The logged-in page's frame: header, sidebar, page area and footer. The app's shell and the boot
 * shell the server sends before the scripts run (ADR 021) both draw it, so they line up.
 */
export function AppFrame({
  header,
  navbar,
  collapsed = false,
  navOpened = false,
  mainId,
  children,
}: AppFrameProps) {
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: collapsed ? 76 : 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>{header}</AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sidebar">
        {navbar}
      </AppShell.Navbar>
      <AppShell.Main>
        <Box
          id={mainId}
          tabIndex={mainId ? -1 : undefined}
          mih={`calc(100dvh - ${HEADER_HEIGHT}px - 2 * var(--mantine-spacing-md) - 56px)`}
        >
          {children}
        </Box>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
