import { ROLE } from '@fieldbot/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { usePageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { usePublisherInfo } from '../api/get-publisher-info';
import { PublisherForm } from '../components/publisher-form';
import { PublisherFormSkeleton } from '../components/publisher-form-skeleton';
import { PublisherLinkCard } from '../components/publisher-link-card';

/**
 * /settings/publisher-info (spec §2 Settings, §4 gating): a publisher admin without a
 * publisher creates it; afterwards the admin edits it and a publisher user reads it.
 */
export function PublisherInfoPage() {
  // The settings tabs keep the header title 'Settings'.
  usePageHeader({ title: 'Settings' });
  const user = useCurrentUser();
  const info = usePublisherInfo();
  const isAdmin = user?.role.alias === ROLE.PUBLISHER_ADMIN;

  if (info.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="Publisher information could not be loaded"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(info.error)}</Text>
          <Button variant="light" color="red" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!user || info.isPending) return <PublisherFormSkeleton />;

  const publisher = info.data;
  if (!publisher && !isAdmin) {
    return (
      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
        Your publisher has not been set up yet. Your Publisher Admin can set it up here.
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {publisher ? <PublisherLinkCard publisher={publisher} /> : null}
      {/* A new key after create: the form starts again from the saved publisher. */}
      <PublisherForm key={publisher?.id ?? 'new'} publisher={publisher} readOnly={!isAdmin} />
    </Stack>
  );
}
