import type { BotDetail } from '@fieldbot/shared';
import { Badge, Group } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';

type BotCompany = BotDetail['companies'][number];

/** Which companies run the bot, and on which version (a newer one is offered, never forced). */
export function BotCompaniesTable({
  companies,
  latestVersion,
}: {
  companies: readonly BotCompany[];
  latestVersion: number | null;
}) {
  const columns: DataTableColumn<BotCompany>[] = [
    { key: 'name', header: 'Company', render: (c) => c.name },
    {
      key: 'version',
      header: 'Pinned Version',
      render: (c) => (
        <Group gap="xs">
          {`v${c.version}`}
          {latestVersion !== null && c.version < latestVersion ? (
            <Badge variant="light" color="yellow">
              Update available
            </Badge>
          ) : null}
        </Group>
      ),
    },
  ];
  return <DataTable rowsName="Companies" columns={columns} rows={companies} rowKey={(c) => c.id} />;
}
