import { CUSTOMERS_PATH, confirmsCustomerName, CUSTOMER_PRIVACY_MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/http';
import { notifySuccess } from '@/lib/notify';
import {
  CUSTOMERS_QUERY_PREFIX,
  usePrivacyRequest,
  useRequestCustomerDeletion,
} from '../api/customer-privacy';

export interface DeleteCustomerModalProps {
  opened: boolean;
  onClose: () => void;
  customerId: string;
  customerName: string;
}

/**
 * "Delete customer…": the admin types the customer's name (the button stays off until it matches
 * exactly, the server's own rule), then follows the deletion job until it has finished and goes
 * back to the customers list.
 */
export function DeleteCustomerModal({
  opened,
  onClose,
  customerId,
  customerName,
}: DeleteCustomerModalProps) {
  const [typed, setTyped] = useState('');
  const deletion = useRequestCustomerDeletion(customerId);
  const requestId = deletion.data?.data.id ?? null;
  const progress = usePrivacyRequest(requestId);
  const status = progress.data?.data.status ?? (requestId ? 'queued' : null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status !== 'completed') return;
    notifySuccess('Customer deleted.');
    void queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_PREFIX });
    void navigate(CUSTOMERS_PATH);
  }, [status, navigate, queryClient]);

  const fieldError =
    isApiError(deletion.error) && deletion.error.errors.confirm_name
      ? deletion.error.errors.confirm_name[0]
      : null;
  const otherError = deletion.error && !fieldError ? deletion.error.message : null;
  const matches = confirmsCustomerName(typed, customerName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) deletion.mutate(typed);
  };
  const running = requestId !== null && status !== 'failed';

  return (
    <Modal
      opened={opened}
      onClose={running ? () => undefined : onClose}
      withCloseButton={!running}
      title="Delete customer"
      centered
    >
      {requestId ? (
        <Stack gap="sm" role="status" aria-live="polite">
          {status === 'failed' ? (
            <Alert color="red" title="Deletion stopped">
              The deletion could not finish. It is retried automatically; contact support if it
              stays stopped.
            </Alert>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" aria-hidden />
              <Text size="sm">
                {status === 'running' ? 'Deleting the customer’s data…' : 'Deletion queued.'}
              </Text>
            </Group>
          )}
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              This permanently deletes <strong>{customerName}</strong>: their jobs, locations,
              interactions, audio, transcripts and bot results. Invoices keep their amounts. This
              cannot be undone.
            </Text>
            <TextInput
              label="Type the customer's name to confirm"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              error={fieldError}
              autoComplete="off"
              data-autofocus
            />
            {otherError ? <Alert color="red">{otherError}</Alert> : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={deletion.isPending}>
                Delete customer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {requestId && status !== 'failed' ? (
        <Text size="xs" c="dimmed" mt="sm">
          {CUSTOMER_PRIVACY_MESSAGES.deletionQueued}
        </Text>
      ) : null}
    </Modal>
  );
}
