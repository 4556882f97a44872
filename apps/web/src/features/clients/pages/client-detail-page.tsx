import { clientDetailPath, CLIENTS_PATH } from '@fieldbot/shared';
import type { ClientDetail } from '@fieldbot/shared';
import { Paper, Stack, Title } from '@mantine/core';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { TableError } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { RouteTabs } from '@/components/layout/route-tabs';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { useCurrentUser } from '@/lib/session';
import { useClient } from '../api/get-client';
import { ClientBotsTab } from '../components/client-bots-tab';
import { ClientGeneralTab } from '../components/client-general-tab';
import { ClientName } from '../components/client-name';
import { ClientNotFound } from '../components/client-not-found';
import { ClientRunsTab } from '../components/client-runs-tab';
import { ClientSkeleton } from '../components/client-skeleton';
import { canEditMarkup } from '../lib/permissions';

/** /clients/detail/:clientId/{general,bots,runs}: one client, each tab its own route. */
export function ClientDetailPage() {
  // Opened in a fresh tab, Back leads to the list (the detail routes have no parent route).
  usePageHeader({ title: 'Client Detail', enableReturn: true, returnTo: CLIENTS_PATH });
  const { clientId } = useParams();
  if (!isRecordId(clientId)) return <ClientNotFound />;
  return <ClientDetailView key={clientId} clientId={clientId} />;
}

function ClientDetailView({ clientId }: { clientId: string }) {
  const client = useClient(clientId);
  if (client.isPending) return <ClientSkeleton />;
  if (client.isError) {
    if (isNotFoundError(client.error)) return <ClientNotFound />;
    return <TableError error={client.error} onRetry={() => void client.refetch()} />;
  }
  return <ClientTabs client={client.data} />;
}

function ClientTabs({ client }: { client: ClientDetail }) {
  const user = useCurrentUser();
  const tabs = [
    { path: clientDetailPath(client.id, 'general'), label: 'General' },
    { path: clientDetailPath(client.id, 'bots'), label: 'Bots' },
    { path: clientDetailPath(client.id, 'runs'), label: 'Runs' },
  ];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <ClientName name={client.name} logo={client.logo} size={48}>
          <Title order={2} size="h3">
            {client.name}
          </Title>
        </ClientName>
      </Paper>
      <RouteTabs tabs={tabs} ariaLabel="Client sections" />
      <Routes>
        <Route
          path="general"
          element={<ClientGeneralTab client={client} canEditMarkup={canEditMarkup(user)} />}
        />
        <Route path="bots" element={<ClientBotsTab clientId={client.id} />} />
        <Route path="runs" element={<ClientRunsTab clientId={client.id} />} />
        <Route index element={<Navigate to={clientDetailPath(client.id)} replace />} />
        <Route path="*" element={<Navigate to={clientDetailPath(client.id)} replace />} />
      </Routes>
    </Stack>
  );
}
