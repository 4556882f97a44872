import { customerRunBotBlock, interactionListQuerySchema } from '@fieldbot/shared';
import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TableError, useListQuery } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { RecordingActions } from '@/features/recordings/components/recording-actions';
import { useCurrentUser } from '@/features/session';
import { customerQueryKey, useCustomer } from '../api/get-customer';
import { useCustomerInteractions } from '../api/get-customer-interactions';
import { BotResultSection } from '@/components/bot-result/bot-result-section';
import { CustomerHeaderCard } from '../components/customer-header-card';
import { CustomerInteractionsTable } from '../components/customer-interactions-table';

/** /customers/:customerId: header card, Bot Result, and the customer's interactions. */
export function CustomerDetailPage() {
  usePageHeader({ title: 'Customer Detail', enableReturn: true });
  const { customerId = '' } = useParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const customer = useCustomer(customerId);
  const [query, setQuery] = useListQuery(interactionListQuerySchema);
  const interactions = useCustomerInteractions(customerId, query);

  if (customer.isError) {
    return <TableError error={customer.error} />;
  }

  return (
    <Stack gap="md">
      <CustomerHeaderCard
        customer={customer.data}
        actions={
          <RecordingActions
            customerId={customerId}
            // A new recording adds a job link and a row: refetch the customer and its interactions.
            onCreated={() =>
              void queryClient.invalidateQueries({ queryKey: customerQueryKey(customerId) })
            }
          />
        }
      />
      <BotResultSection
        runBotBlock={customerRunBotBlock({
          user,
          customer: customer.data,
          interactions: interactions.data?.data.items,
        })}
      />
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
