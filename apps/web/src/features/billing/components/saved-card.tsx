import { BILLING_MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/notify';
import { usePaymentMethod } from '../api/get-payment-method';
import { CARD_TYPE_LABELS } from '../lib/card-fields';
import { CardBrandIcon } from './card-brand-icon';
import { CardFormDialog } from './card-form-dialog';

/** Spec §2 "Billing tabs": the saved card (type, last four, name, expiry) with Add/Change card. */
export function SavedCard() {
  const method = usePaymentMethod();
  const [opened, setOpened] = useState(false);
  const card = method.data?.data ?? null;
  const action = card ? 'Change card' : 'Add card';

  let content;
  if (method.isPending) {
    content = (
      <Stack gap={6} role="status" aria-busy="true" aria-label="Loading the payment method">
        <Skeleton height={16} width={200} />
        <Skeleton height={12} width={140} />
      </Stack>
    );
  } else if (method.isError) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {errorMessage(method.error)}{' '}
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          onClick={() => void method.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (!card) {
    content = <Text c="dimmed">{BILLING_MESSAGES.noPaymentMethod}</Text>;
  } else {
    content = (
      <Group gap="md" wrap="nowrap" align="center">
        <CardBrandIcon type={card.card_type} size={36} />
        <Stack gap={2}>
          <Text fw={600} data-testid="saved-card-number">
            {`${CARD_TYPE_LABELS[card.card_type]} •••• ${card.card_number}`}
          </Text>
          <Text size="sm" c="dimmed">
            {[card.customer_name, `Expires ${card.expiry_date}`].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payment-method-title">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap="xs" style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4" id="payment-method-title">
            Payment Method
          </Title>
          {content}
        </Stack>
        <Button onClick={() => setOpened(true)} disabled={method.isPending}>
          {action}
        </Button>
      </Group>
      <CardFormDialog opened={opened} title={action} onClose={() => setOpened(false)} />
    </Paper>
  );
}
