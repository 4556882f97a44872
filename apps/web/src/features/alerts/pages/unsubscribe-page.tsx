import { ALERT_MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/notify';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/alerts';

/**
 * /public/alerts/unsubscribe?token=…: the landing page of an alert e-mail's unsubscribe link. It
 * only asks; the POST unsubscribes (a link scanner's GET must not).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();

  let body;
  if (!token || info.isError) {
    body = (
      <Alert color="red" role="alert">
        This unsubscribe link is not valid. Open the latest alert e-mail and use its link.
      </Alert>
    );
  } else if (!info.data) {
    body = <Loader aria-label="Checking the link" />;
  } else if (unsubscribe.isSuccess) {
    body = (
      <Alert color="green" role="status">
        {ALERT_MESSAGES.unsubscribed}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text>
          {`Stop e-mails from the alert rule "${info.data.rule_name}" to ${info.data.email}? You will still see these alerts under the bell.`}
        </Text>
        {unsubscribe.isError && (
          <Alert color="red" role="alert">
            {errorMessage(unsubscribe.error)}
          </Alert>
        )}
        <Button
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token)}
          style={{ alignSelf: 'flex-start' }}
        >
          Unsubscribe
        </Button>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h3">
          Alert e-mails
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
