import { MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { errorMessage } from '@/lib/notify';
import { useSetupIntent } from '../api/get-setup-intent';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js and its React bindings are fetched only when the Stripe form is shown.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

function FormSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the card form">
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}

export interface CardFormDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
}

/**
 * The card form in a dialog: a fresh setup intent on every opening decides between the sandbox
 * form and Stripe's Payment Element.
 */
export function CardFormDialog({ opened, title, onClose }: CardFormDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const intent = useSetupIntent(opened);

  let body;
  if (intent.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {errorMessage(intent.error)}
        <Button variant="light" color="red" size="xs" mt="sm" onClick={() => void intent.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!intent.data || intent.isFetching) {
    body = <FormSkeleton />;
  } else {
    const { client_secret, provider, publishable_key } = intent.data.data;
    body =
      provider === 'stripe' && !publishable_key ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {MESSAGES.somethingWentWrong}
        </Alert>
      ) : provider === 'stripe' && publishable_key ? (
        <Suspense fallback={<FormSkeleton />}>
          <StripeCardForm
            clientSecret={client_secret}
            publishableKey={publishable_key}
            onSaved={onClose}
            onCancel={onClose}
          />
        </Suspense>
      ) : (
        <SandboxCardForm clientSecret={client_secret} onSaved={onClose} onCancel={onClose} />
      );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={phone} size="md">
      {opened ? body : null}
    </Modal>
  );
}
