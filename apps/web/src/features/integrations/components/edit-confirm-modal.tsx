import { INTEGRATION_MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface EditConfirmModalProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec §2 "Edit Confirmation": the warning notice of spec §8 before saved details become editable. */
export function EditConfirmModal({ opened, onCancel, onConfirm }: EditConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Edit Confirmation" centered size="sm">
      <Stack gap="md">
        <Text size="sm">Do you want to edit the saved integration details?</Text>
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {INTEGRATION_MESSAGES.warning}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
