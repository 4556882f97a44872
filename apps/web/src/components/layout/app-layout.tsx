import '@/lib/styles/app-styles';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NoAccessPage } from '@/components/feedback/no-access-page';
import { useCurrentUser } from '@/lib/session';
import { setSessionFlags } from '@/lib/session-flags';
import { useSessionFlags } from '@/lib/use-session-flags';
import { AppFrame } from './app-frame';
import { BootShellRelease } from './boot-shell-release';
import { Header } from './header';
import { PageHeaderProvider } from './page-header';
import { PageLoader } from './page-loader';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';

export interface AppLayoutProps {
  /** Items a feature adds to the user menu (the shell imports no feature). */
  userMenuItems?: ReactNode;
  /** Notices a feature shows above every page, e.g. the marketplace's deprecations. */
  banner?: ReactNode;
  /** Controls a feature adds to the header, e.g. the notification bell. */
  headerActions?: ReactNode;
}

/** The logged-in shell: header, collapsible sidebar, page (or the not-enough-permission state), footer. */
export function AppLayout({ userMenuItems, banner, headerActions }: AppLayoutProps) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const { noPermission } = useSessionFlags();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'fieldbot.sidebarCollapsed',
    defaultValue: false,
  });

  // The not-enough-permission state belongs to the page that caused it.
  useEffect(() => {
    setSessionFlags({ noPermission: false });
    closeMobile();
  }, [pathname, closeMobile]);

  if (!user) return null;
  const content = noPermission ? <NoAccessPage /> : <Outlet />;

  return (
    <PageHeaderProvider>
      <ModalsProvider>
        <SkipLink />
        <AppFrame
          collapsed={collapsed}
          navOpened={mobileOpened}
          mainId="main-content"
          header={
            <Header
              user={user}
              navOpened={mobileOpened}
              onToggleNav={toggleMobile}
              userMenuItems={userMenuItems}
              actions={headerActions}
            />
          }
          navbar={
            <Sidebar
              user={user}
              collapsed={collapsed && !mobileOpened}
              onToggleCollapsed={() => setCollapsed((c) => !c)}
              onNavigate={closeMobile}
            />
          }
        >
          {banner}
          <Suspense fallback={<PageLoader />}>
            <BootShellRelease />
            {content}
          </Suspense>
        </AppFrame>
      </ModalsProvider>
    </PageHeaderProvider>
  );
}
