import { AUTH_MESSAGES } from '@fieldbot/shared';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { pathToken } from '../lib/path-token';

/** /verify/{verification_token}: confirms the e-mail address, then offers the Login link. */
export function VerifyPage() {
  const location = useLocation();
  const token = pathToken(location.pathname, '/verify');
  return (
    <AuthCard title="Verify e-mail">
      {token ? (
        <VerifyToken token={token} />
      ) : (
        <VerifyFailed message={AUTH_MESSAGES.invalidToken} />
      )}
    </AuthCard>
  );
}

function VerifyToken({ token }: { token: string }) {
  const verify = useVerifyEmail(token);
  if (verify.isPending) {
    return (
      <Center py="lg">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text role="status">Verifying your e-mail address…</Text>
        </Stack>
      </Center>
    );
  }
  if (verify.isError) return <VerifyFailed message={verify.error.message} />;
  return (
    <>
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
        {verify.data.message || AUTH_MESSAGES.verified}
      </Alert>
      <Button component={Link} to="/login" fullWidth>
        Login
      </Button>
    </>
  );
}

function VerifyFailed({ message }: { message: string }) {
  return (
    <>
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {message}
      </Alert>
      <Button component={Link} to="/login" variant="default" fullWidth>
        Go to Login
      </Button>
    </>
  );
}
