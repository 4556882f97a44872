import { transactionsExportPath, transactionListQuerySchema } from '@fieldbot/shared';
import { Group, Stack } from '@mantine/core';
import { useListQuery, useDeferredPage } from '@/components/data-table';
import { ExportCsvButton } from '@/components/export/export-csv-button';
import { usePageHeader } from '@/components/layout/page-header';
import { useTransactions } from '../api/get-transactions';
import { TransactionsTable } from '../components/transactions-table';

/** /settings/billing/transaction-history: page, keyword, date, status, sort and direction in the URL. */
export function TransactionHistoryPage() {
  usePageHeader({ title: 'Settings', subTitle: 'Transaction History' });
  const [query, setQuery] = useListQuery(transactionListQuerySchema);
  const transactions = useTransactions(query);
  const { data, loading, fetching } = useDeferredPage(transactions);

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <ExportCsvButton path={transactionsExportPath} query={query} />
      </Group>
      <TransactionsTable
        query={query}
        keyword={query.keyword ?? ''}
        date={query.date ?? null}
        status={query.status?.[0] ?? null}
        onQueryChange={setQuery}
        data={data}
        loading={loading}
        fetching={fetching}
        error={transactions.error}
        onRetry={() => void transactions.refetch()}
      />
    </Stack>
  );
}
