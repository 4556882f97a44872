import {
  INTEGRATION_MESSAGES,
  ROLE,
  isAccountSetUp,
  type IntegrationListItem,
} from '@fieldbot/shared';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { TableError } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/session';
import { useCrmWriteback } from '../api/crm-writeback';
import { CrmWritebackPanel } from '../components/crm-writeback-panel';
import { useIntegrations } from '../api/get-integrations';
import { useSyncIntegration } from '../api/sync-integration';
import { IntegrationDialog } from '../components/integration-dialog';
import { IntegrationList, IntegrationListSkeleton } from '../components/integration-list';
import { useCrmConnectedFlag, useReferralRedirect } from '../lib/use-integration-effects';
import { isSyncBusy } from '../lib/sync-state';

/** /settings/integrations (spec §2 "Integrations tab", onboarding step 3). */
export function IntegrationsPage() {
  usePageHeader({ title: 'Settings' });
  const list = useIntegrations();
  const sync = useSyncIntegration();
  const [open, setOpen] = useState<IntegrationListItem | null>(null);
  const user = useCurrentUser();
  // During onboarding the write-back routes answer 403 (they need a set-up account).
  const setUp = user?.role.alias === ROLE.COMPANY_ADMIN && isAccountSetUp(user);
  const writeback = useCrmWriteback({ enabled: setUp });
  const rows = list.data?.data;
  useCrmConnectedFlag(rows);
  useReferralRedirect(rows);

  let content;
  if (list.isError && !rows) {
    content = <TableError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!rows) {
    content = <IntegrationListSkeleton />;
  } else {
    content = (
      <IntegrationList
        rows={rows}
        onOpen={setOpen}
        onSync={(row) => sync.mutate(row.integration_id)}
        syncingId={sync.isPending ? (sync.variables ?? null) : null}
        writeback={writeback.data}
      />
    );
  }

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="note">
        {INTEGRATION_MESSAGES.warning}
      </Alert>
      {rows?.some(isSyncBusy) && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          {INTEGRATION_MESSAGES.syncNotice}
        </Alert>
      )}
      {content}
      {setUp && (
        <CrmWritebackPanel
          status={writeback.data}
          error={writeback.isError ? writeback.error : null}
          onRetry={() => void writeback.refetch()}
        />
      )}
      <IntegrationDialog integration={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
