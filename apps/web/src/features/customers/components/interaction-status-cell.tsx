import { downloadCell, type InteractionListItem } from '@fieldbot/shared';
import { Badge, Button, Loader } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { StatusBadge } from '@/components/status-badge/status-badge';

export interface InteractionStatusCellProps {
  item: Pick<InteractionListItem, 'interaction_id' | 'type' | 'status' | 'download_status'>;
  onRedownload: () => void;
  redownloading: boolean;
  /** The user has no company to re-download for. */
  redownloadDisabled?: boolean;
}

/** Spec §4 "CSR call download status": Re Download, 'Downloading', 'Processing' or the status badge. */
export function InteractionStatusCell({
  item,
  onRedownload,
  redownloading,
  redownloadDisabled = false,
}: InteractionStatusCellProps) {
  switch (downloadCell(item)) {
    case 'redownload':
      return (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={redownloading}
          disabled={redownloadDisabled}
          onClick={onRedownload}
          aria-label={`Re Download ${item.interaction_id}`}
        >
          Re Download
        </Button>
      );
    case 'downloading':
      return (
        <Badge variant="light" color="blue" leftSection={<Loader size={10} color="blue" />}>
          Downloading
        </Badge>
      );
    case 'processing':
      return (
        <Badge variant="light" color="gray">
          Processing
        </Badge>
      );
    default:
      return <StatusBadge status={item.status} />;
  }
}
