import { Alert, Button, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/notify';
import { useIntegration } from '../api/get-integration';
import { IntegrationForm } from './integration-form';

export interface IntegrationDialogProps {
  /** The catalogue entry to show; null keeps the dialog closed. */
  integration: { integration_id: number; name: string } | null;
  onClose: () => void;
}

function FieldsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the integration details">
      <Skeleton height={56} />
      <Skeleton height={56} />
      <Skeleton height={56} />
    </Stack>
  );
}

/** Spec §2 "Integration details dialog": the fields of GET /api/integration/{id}. */
export function IntegrationDialog({ integration, onClose }: IntegrationDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const id = integration?.integration_id ?? 0;
  const detail = useIntegration(id, integration !== null);

  let body;
  if (detail.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(detail.error)}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => void detail.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!detail.data) {
    body = <FieldsSkeleton />;
  } else {
    body = <IntegrationForm detail={detail.data} onSynced={onClose} />;
  }

  return (
    <Modal
      opened={integration !== null}
      onClose={onClose}
      title={integration ? `${integration.name} integration` : ''}
      fullScreen={phone}
      size="md"
    >
      {integration ? body : null}
    </Modal>
  );
}
