import {
  DO_NOT_RECORD_HELP,
  LEGAL_HOLD_HELP,
  ROLE,
  customerExportPath,
  type Customer,
} from '@fieldbot/shared';
import { Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useUpdateCustomerPrivacy } from '../api/customer-privacy';
import { DeleteCustomerModal } from './delete-customer-modal';

export interface CustomerPrivacySectionProps {
  customerId: string;
  /** Undefined while the customer loads (a skeleton of the section is shown). */
  customer: Customer | undefined;
}

/**
 * The customer page's Privacy section (issue 27): "Do not record" for admins and managers; legal
 * hold, the data export and deletion for company admins only. Technicians see nothing of it.
 */
export function CustomerPrivacySection({ customerId, customer }: CustomerPrivacySectionProps) {
  const user = useCurrentUser();
  const update = useUpdateCustomerPrivacy(customerId);
  const [deleting, setDeleting] = useState(false);
  const role = user?.role.alias;
  const isAdmin = role === ROLE.COMPANY_ADMIN;
  if (!isAdmin && role !== ROLE.MANAGER) return null;

  const save = (body: { do_not_record?: boolean; legal_hold?: boolean }) => {
    if (update.isPending) return;
    update.mutate(body, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: notifyError,
    });
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby="customer-privacy-title"
      aria-busy={!customer}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="customer-privacy-title">
          Privacy
        </Title>
        {customer ? (
          <>
            <Switch
              label="Do not record"
              description={DO_NOT_RECORD_HELP}
              checked={customer.do_not_record}
              disabled={update.isPending}
              onChange={(event) => save({ do_not_record: event.currentTarget.checked })}
            />
            {isAdmin ? (
              <>
                <Switch
                  label="Legal hold"
                  description={LEGAL_HOLD_HELP}
                  checked={customer.legal_hold}
                  disabled={update.isPending}
                  onChange={(event) => save({ legal_hold: event.currentTarget.checked })}
                />
                <Group gap="sm" wrap="wrap">
                  <Button
                    component="a"
                    href={customerExportPath(customerId)}
                    download
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                  >
                    Export data
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDeleting(true)}
                    disabled={customer.legal_hold}
                  >
                    Delete customer…
                  </Button>
                </Group>
                {customer.legal_hold ? (
                  <Text size="xs" c="dimmed">
                    Lift the legal hold to delete this customer.
                  </Text>
                ) : null}
                <DeleteCustomerModal
                  opened={deleting}
                  onClose={() => setDeleting(false)}
                  customerId={customerId}
                  customerName={customer.name}
                />
              </>
            ) : null}
          </>
        ) : (
          <Stack gap="sm" aria-label="Loading privacy settings">
            <Skeleton height={24} width="60%" />
            {isAdmin ? <Skeleton height={24} width="50%" /> : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
