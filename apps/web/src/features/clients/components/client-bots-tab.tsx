import type { ClientBot } from '@fieldbot/shared';
import { Badge, Group } from '@mantine/core';
import { DataTable, TableError, type DataTableColumn } from '@/components/data-table';
import { BotIcon } from '@/components/bot-result/bot-icon';
import { formatDay } from '@/lib/format-date';
import { useClientBots } from '../api/get-client-bots';

const COLUMNS: DataTableColumn<ClientBot>[] = [
  {
    key: 'name',
    header: 'Bot',
    render: (bot) => (
      <Group gap="sm" wrap="nowrap">
        <BotIcon icon={bot.icon} size={24} />
        {bot.name}
      </Group>
    ),
  },
  {
    key: 'version',
    header: 'Pinned Version',
    render: (bot) => (
      <Group gap="xs">
        {`v${bot.version}`}
        {bot.update_available ? (
          <Badge variant="light" color="yellow">
            Update available
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { key: 'latest_version', header: 'Latest Version', render: (bot) => `v${bot.latest_version}` },
  { key: 'subscribed_at', header: 'Using Since', render: (bot) => formatDay(bot.subscribed_at) },
  {
    key: 'retires_on',
    header: 'Retirement',
    render: (bot) =>
      bot.retires_on ? (
        // Wraps instead of truncating in a narrow cell.
        <Badge
          variant="light"
          color="orange"
          tt="none"
          h="auto"
          styles={{ label: { whiteSpace: 'normal' } }}
        >{`v${bot.version} retires on ${formatDay(bot.retires_on)}`}</Badge>
      ) : (
        '—'
      ),
  },
];

/** The publisher's bots the client uses: the version it is pinned to and whether a newer one exists. */
export function ClientBotsTab({ clientId }: { clientId: string }) {
  const bots = useClientBots(clientId);
  return (
    <DataTable
      rowsName="Bots"
      columns={COLUMNS}
      rows={bots.data}
      rowKey={(bot) => bot.bot_id}
      loading={bots.isPending}
      error={
        bots.isError ? <TableError error={bots.error} onRetry={() => void bots.refetch()} /> : null
      }
    />
  );
}
