import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePageHeader } from '@/components/layout/page-header';
import { errorMessage } from '@/lib/notify';
import { usePrivacySettings } from '../api/privacy-settings';
import { PrivacySettingsForm } from '../components/privacy-settings-form';
import { PrivacySettingsSkeleton } from '../components/privacy-settings-skeleton';

/** /settings/privacy (issue 27): consent, retention, redaction and the transcript vocabulary. */
export function PrivacySettingsPage() {
  // The settings tabs keep the header title 'Settings'.
  usePageHeader({ title: 'Settings' });
  const settings = usePrivacySettings();

  if (settings.isError && !settings.data) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title="Privacy settings could not be loaded"
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(settings.error)}</Text>
          <Button variant="light" color="red" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!settings.data) return <PrivacySettingsSkeleton />;
  return <PrivacySettingsForm settings={settings.data.data} />;
}
