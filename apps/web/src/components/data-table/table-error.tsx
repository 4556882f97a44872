import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/notify';

export interface TableErrorProps {
  error: unknown;
  onRetry?: () => void;
}

/**
 * A failed load in place of the rows (or of a whole page): the server message (spec §8), and Try
 * again when `onRetry` is given.
 */
export function TableError({ error, onRetry }: TableErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
