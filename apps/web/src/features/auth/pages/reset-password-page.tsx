import { AUTH_MESSAGES, resetPasswordBodySchema } from '@fieldbot/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useResetPassword } from '../api/reset-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { pathToken } from '../lib/path-token';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { AuthSuccessCard } from '../components/auth-success-card';

const FIELDS = ['password', 'password_confirmation'] as const;

/** /reset-password/{token}: sets a new password; the server ends the user's other sessions. */
export function ResetPasswordPage() {
  const location = useLocation();
  const token = pathToken(location.pathname, '/reset-password');
  const resetPassword = useResetPassword();
  const { form, formError, onSubmit } = useAuthForm({
    schema: resetPasswordBodySchema,
    initialValues: { token: token ?? '', password: '', password_confirmation: '' },
    fields: FIELDS,
    send: (body, onError) => resetPassword.mutate(body, { onError }),
  });

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <Alert color="red" variant="light">
          {AUTH_MESSAGES.invalidToken}
        </Alert>
        <Button component={Link} to="/forgot-password" fullWidth>
          Request a new link
        </Button>
      </AuthCard>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthSuccessCard
        title="Password reset"
        icon={<IconCircleCheck aria-hidden />}
        message={resetPassword.data.message || AUTH_MESSAGES.passwordReset}
        action={{ to: '/login', label: 'Go to Login' }}
      />
    );
  }

  return (
    <AuthCard title="Reset password" description="Choose a new password for your account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert message={formError} />
          <NewPasswordFields form={form} label="New Password" />
          <Button type="submit" fullWidth loading={resetPassword.isPending}>
            Reset password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/forgot-password">
              Request a new link
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
