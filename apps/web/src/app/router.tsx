import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { LoadAsDocument } from './load-as-document';
import { RouteErrorPage } from './route-error';
import { Root } from './root';

/** React.lazy for a named export: one chunk per page module. */
function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<Record<string, never>>> {
  return lazy(async () => ({
    default: (await load())[name] as ComponentType<Record<string, never>>,
  }));
}

const AppLayout = lazy(() =>
  import('@/components/layout/app-layout').then((m) => ({ default: m.AppLayout })),
);
// The support feature adds Help to the user menu; the shell itself imports no feature.
const HelpMenuItem = lazyNamed(() => import('@/features/support'), 'HelpMenuItem');
// The marketplace adds the deprecation notices above every page; its own module, not its pages.
const DeprecationBanner = lazyNamed(
  () => import('@/features/marketplace/components/deprecation-banner'),
  'DeprecationBanner',
);
const NotFoundPage = lazyNamed(
  () => import('@/components/feedback/not-found-page'),
  'NotFoundPage',
);
const NoAccessPage = lazyNamed(
  () => import('@/components/feedback/no-access-page'),
  'NoAccessPage',
);
const SettingsLayout = lazyNamed(() => import('./settings-layout'), 'SettingsLayout');

const SignupPage = lazyNamed(() => import('@/features/auth/pages/signup-page'), 'SignupPage');
const ForgotPasswordPage = lazyNamed(
  () => import('@/features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('@/features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyPage = lazyNamed(() => import('@/features/auth/pages/verify-page'), 'VerifyPage');
const AcceptInvitePage = lazyNamed(
  () => import('@/features/auth/pages/accept-invite-page'),
  'AcceptInvitePage',
);
const InvitationTokenExpirePage = lazyNamed(
  () => import('@/features/auth/pages/invitation-token-expire-page'),
  'InvitationTokenExpirePage',
);
const PublicMarketplacePage = lazyNamed(
  () => import('@/features/public-marketplace/pages/public-marketplace-page'),
  'PublicMarketplacePage',
);
// Its own lazy(): it takes children (the alert preferences), which lazyNamed's pages do not.
const ProfilePage = lazy(() =>
  import('@/features/profile/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const ChangePasswordPage = lazyNamed(
  () => import('@/features/profile/pages/change-password-page'),
  'ChangePasswordPage',
);

const CustomersPage = lazyNamed(
  () => import('@/features/customers/pages/customers-page'),
  'CustomersPage',
);
const CustomerDetailPage = lazyNamed(
  () => import('@/features/customers/pages/customer-detail-page'),
  'CustomerDetailPage',
);
const SearchPage = lazyNamed(() => import('@/features/search/pages/search-page'), 'SearchPage');
const CompanyDashboardPage = lazyNamed(
  () => import('@/features/company-dashboard'),
  'CompanyDashboardPage',
);
const TeamPage = lazyNamed(() => import('@/features/team/pages/team-page'), 'TeamPage');
const TeamMemberPage = lazyNamed(
  () => import('@/features/team/pages/team-member-page'),
  'TeamMemberPage',
);
const InteractionDetailPage = lazyNamed(
  () => import('@/features/interactions/pages/interaction-detail-page'),
  'InteractionDetailPage',
);

// One chunk for the bot pages: they share the builder's and the table's modules.
const BotsPage = lazyNamed(() => import('@/features/bots'), 'BotsPage');
const PrivateBotsPage = lazyNamed(() => import('@/features/bots'), 'PrivateBotsPage');
const BotCreatePage = lazyNamed(() => import('@/features/bots'), 'BotCreatePage');
const BotEditPage = lazyNamed(() => import('@/features/bots'), 'BotEditPage');
const BotDetailPage = lazyNamed(() => import('@/features/bots'), 'BotDetailPage');

// One chunk for the client pages (list, detail tabs and the markup dialog).
const ClientsPage = lazyNamed(() => import('@/features/clients'), 'ClientsPage');
const ClientDetailPage = lazyNamed(() => import('@/features/clients'), 'ClientDetailPage');

const CompanyInfoPage = lazyNamed(
  () => import('@/features/company-settings/pages/company-info-page'),
  'CompanyInfoPage',
);
// One chunk for the billing pages (card panel, tables, capacity); Stripe.js loads only with its form.
const BillingLayout = lazyNamed(() => import('@/features/billing'), 'BillingLayout');
const InvoiceHistoryPage = lazyNamed(() => import('@/features/billing'), 'InvoiceHistoryPage');
const TransactionHistoryPage = lazyNamed(
  () => import('@/features/billing'),
  'TransactionHistoryPage',
);
const CapacityPage = lazyNamed(() => import('@/features/billing'), 'CapacityPage');
const IntegrationsPage = lazyNamed(() => import('@/features/integrations'), 'IntegrationsPage');
const ApiKeysPage = lazyNamed(() => import('@/features/api-keys'), 'ApiKeysPage');
const WebhooksPage = lazyNamed(() => import('@/features/webhooks'), 'WebhooksPage');
const PrivacySettingsPage = lazyNamed(
  () => import('@/features/privacy-settings'),
  'PrivacySettingsPage',
);
const AuditLogPage = lazyNamed(() => import('@/features/audit-log'), 'AuditLogPage');
const AlertsSettingsPage = lazyNamed(() => import('@/features/alerts'), 'AlertsSettingsPage');
const UnsubscribePage = lazyNamed(() => import('@/features/alerts'), 'UnsubscribePage');
const NotificationBell = lazyNamed(() => import('@/features/notifications'), 'NotificationBell');
const AlertPreferences = lazyNamed(() => import('@/features/alerts'), 'AlertPreferences');
const PublisherInfoPage = lazyNamed(
  () => import('@/features/publisher-settings/pages/publisher-info-page'),
  'PublisherInfoPage',
);
const PublisherUsersPage = lazyNamed(
  () => import('@/features/publisher-users/pages/publisher-users-page'),
  'PublisherUsersPage',
);

// One chunk for the marketplace pages: they share the cards, filters and price modules.
const MarketplacePage = lazyNamed(() => import('@/features/marketplace'), 'MarketplacePage');
const MarketplaceBotPage = lazyNamed(() => import('@/features/marketplace'), 'MarketplaceBotPage');
const MarketplacePublisherPage = lazyNamed(
  () => import('@/features/marketplace'),
  'MarketplacePublisherPage',
);

// The publisher dashboard's chunk carries the charts (recharts); no other page loads them.
const PublisherDashboardPage = lazyNamed(
  () => import('@/features/publisher-dashboard'),
  'PublisherDashboardPage',
);

/** Spec §2, every route. The root element runs the routing rules before anything renders. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          // The login page has its own, smaller HTML entry (login.html): see LoadAsDocument.
          { path: 'login', element: <LoadAsDocument /> },
          { path: 'login/:invitationToken', element: <LoadAsDocument /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'signup/:invitationToken', element: <SignupPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'forgot-password/:invitationToken', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'verify', element: <VerifyPage /> },
          { path: 'verify/:token', element: <VerifyPage /> },
          { path: 'accept-invite', element: <AcceptInvitePage /> },
          { path: 'accept-invite/:invitationToken', element: <AcceptInvitePage /> },
          { path: 'invitation-token-expire', element: <InvitationTokenExpirePage /> },
          { path: 'public/marketplace/:publisherId', element: <PublicMarketplacePage /> },
          { path: 'public/alerts/unsubscribe', element: <UnsubscribePage /> },
        ],
      },
      {
        element: (
          <AppLayout
            userMenuItems={
              <Suspense fallback={null}>
                <HelpMenuItem />
              </Suspense>
            }
            banner={
              <Suspense fallback={null}>
                <DeprecationBanner />
              </Suspense>
            }
            headerActions={
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            }
          />
        ),
        children: [
          {
            path: 'profile',
            element: (
              <ProfilePage>
                <Suspense fallback={null}>
                  <AlertPreferences />
                </Suspense>
              </ProfilePage>
            ),
          },
          { path: 'change-password', element: <ChangePasswordPage /> },
          { path: 'no-access', element: <NoAccessPage /> },

          // Company side
          { path: 'company/dashboard', element: <CompanyDashboardPage /> },
          { path: 'customers', element: <CustomersPage /> },
          { path: 'customers/:customerId', element: <CustomerDetailPage /> },
          { path: 'search', element: <SearchPage /> },
          {
            path: 'customers/:customerId/interaction/:interactionId/:interactionType',
            element: <InteractionDetailPage />,
          },
          {
            path: 'interaction/:interactionId/:interactionType',
            element: <InteractionDetailPage />,
          },
          { path: 'users', element: <TeamPage /> },
          { path: 'users/:id/detail/*', element: <TeamMemberPage /> },
          {
            path: 'users/interaction/:interactionId/:interactionType',
            element: <InteractionDetailPage />,
          },
          { path: 'marketplace', element: <MarketplacePage /> },
          { path: 'marketplace/bot/:botId', element: <MarketplaceBotPage /> },
          { path: 'marketplace/:publisherId', element: <MarketplacePublisherPage /> },

          // Publisher side
          { path: 'publisher/dashboard', element: <PublisherDashboardPage /> },
          { path: 'bot', element: <BotsPage /> },
          { path: 'bot/list', element: <BotsPage /> },
          { path: 'bot/create', element: <BotCreatePage /> },
          { path: 'bot/create/:id', element: <BotEditPage /> },
          { path: 'bot/detail/:id', element: <BotDetailPage /> },
          { path: 'bot/private-bot', element: <PrivateBotsPage /> },
          { path: 'clients/list', element: <ClientsPage /> },
          { path: 'clients/detail/:clientId/*', element: <ClientDetailPage /> },
          { path: 'publisher/users', element: <PublisherUsersPage /> },

          {
            path: 'settings',
            element: <SettingsLayout />,
            children: [
              { path: 'company-info', element: <CompanyInfoPage /> },
              {
                path: 'billing',
                element: <BillingLayout />,
                children: [
                  { index: true, element: <Navigate to="invoice-history" replace /> },
                  { path: 'invoice-history', element: <InvoiceHistoryPage /> },
                  { path: 'transaction-history', element: <TransactionHistoryPage /> },
                  { path: 'capacity', element: <CapacityPage /> },
                ],
              },
              { path: 'integrations', element: <IntegrationsPage /> },
              { path: 'api-keys', element: <ApiKeysPage /> },
              { path: 'webhooks', element: <WebhooksPage /> },
              { path: 'alerts', element: <AlertsSettingsPage /> },
              { path: 'privacy', element: <PrivacySettingsPage /> },
              { path: 'audit-log', element: <AuditLogPage /> },
              { path: 'publisher-info', element: <PublisherInfoPage /> },
            ],
          },
        ],
      },
      { path: '404', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
