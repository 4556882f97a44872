import { ROLE } from '@fieldbot/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useCompanyOptions } from '../api/get-company-options';
import { BotSharingCard } from '../components/bot-sharing-card';
import { CompanyForm } from '../components/company-form';
import { CompanyFormSkeleton } from '../components/company-form-skeleton';

/** /settings/company-info (spec §2 Settings, onboarding step 1; §5 Company form). */
export function CompanyInfoPage() {
  // The settings tabs keep the header title 'Settings'.
  usePageHeader({ title: 'Settings' });
  const user = useCurrentUser();
  const options = useCompanyOptions();

  if (options.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="Company information could not be loaded"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(options.error)}</Text>
          <Button variant="light" color="red" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!user || options.isPending) return <CompanyFormSkeleton />;
  return (
    <Stack gap="lg">
      <CompanyForm company={user.company} options={options.data} />
      {/* Not while onboarding: there is no company to share from yet. */}
      {user.company && user.role.alias === ROLE.COMPANY_ADMIN ? (
        <BotSharingCard company={user.company} />
      ) : null}
    </Stack>
  );
}
