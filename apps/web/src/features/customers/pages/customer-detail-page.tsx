import {
  customerRunBotBlock,
  interactionListQuerySchema,
  interactionsExportPath,
} from '@fieldbot/shared';
import { Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { BotResultSection, useBotResult, type BotResultTarget } from '@/components/bot-result';
import { TableError, useListQuery } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import {
  PendingRecordings,
  RecordingActions,
  pendingRecordingsQueryKey,
} from '@/features/recordings';
import { CustomerPrivacySection } from '@/features/customer-privacy';
import { useCurrentUser } from '@/lib/session';
import { customerQueryKey, useCustomer } from '../api/get-customer';
import { useCustomerInteractions } from '../api/get-customer-interactions';
import { CustomerHeaderCard } from '../components/customer-header-card';
import { CustomerInteractionsTable } from '../components/customer-interactions-table';
import { CustomerNotFound } from '../components/customer-not-found';

/** /customers/:customerId: header card, Bot Result, and the customer's interactions. */
export function CustomerDetailPage() {
  usePageHeader({ title: 'Customer Detail', enableReturn: true });
  const { customerId } = useParams();
  if (!isRecordId(customerId)) return <CustomerNotFound />;
  return <CustomerDetail key={customerId} customerId={customerId} />;
}

function CustomerDetail({ customerId }: { customerId: string }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const customer = useCustomer(customerId);
  const [query, setQuery] = useListQuery(interactionListQuerySchema);
  const interactions = useCustomerInteractions(customerId, query);
  const botTarget = useMemo<BotResultTarget>(
    () => ({ kind: 'customer', id: customerId }),
    [customerId],
  );
  const botResult = useBotResult(botTarget);

  if (customer.isError) {
    if (isNotFoundError(customer.error)) return <CustomerNotFound />;
    return <TableError error={customer.error} onRetry={() => void customer.refetch()} />;
  }

  // A new recording adds a job link and a row: refetch the customer and its interactions.
  const onCreated = () =>
    void queryClient.invalidateQueries({ queryKey: customerQueryKey(customerId) });

  return (
    <Stack gap="md">
      {user ? (
        <PendingRecordings userId={user.id} customerId={customerId} onSaved={onCreated} />
      ) : null}
      <CustomerHeaderCard
        customer={customer.data}
        actions={
          user ? (
            <RecordingActions
              customerId={customerId}
              userId={user.id}
              doNotRecord={customer.data?.do_not_record ?? false}
              onCreated={onCreated}
              onKept={() =>
                void queryClient.invalidateQueries({
                  queryKey: pendingRecordingsQueryKey(user.id, customerId),
                })
              }
            />
          ) : null
        }
      />
      <CustomerPrivacySection customerId={customerId} customer={customer.data} />
      <BotResultSection
        target={botTarget}
        runBotBlock={customerRunBotBlock({
          botRunning: botResult.data?.status === 'running',
          user,
          customer: customer.data,
          interactions: interactions.data?.data.items,
        })}
      />
      <Group justify="flex-end">
        <ExportCsvButton path={interactionsExportPath(customerId)} query={query} />
      </Group>
      <CustomerInteractionsTable
        customerId={customerId}
        companyId={user?.company?.id ?? null}
        query={query}
        onQueryChange={setQuery}
        data={interactions.data}
        loading={interactions.isPending}
        fetching={interactions.isPlaceholderData}
        error={interactions.error}
        onRetry={() => void interactions.refetch()}
      />
    </Stack>
  );
}
