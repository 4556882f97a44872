import { AUTH_MESSAGES, forgotPasswordBodySchema } from '@fieldbot/shared';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useForgotPassword } from '../api/forgot-password';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { AuthSuccessCard } from '../components/auth-success-card';

/** /forgot-password (and /forgot-password/{invitation-token}); same answer for every address. */
export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const { form, formError, onSubmit } = useAuthForm({
    schema: forgotPasswordBodySchema,
    initialValues: { email: '' },
    fields: ['email'],
    send: (body, onError) => forgotPassword.mutate(body, { onError }),
  });

  if (forgotPassword.isSuccess) {
    return (
      <AuthSuccessCard
        title="Check your e-mail"
        icon={<IconMailCheck aria-hidden />}
        message={forgotPassword.data.message || AUTH_MESSAGES.resetLinkSent}
        action={{ to: '/login', label: 'Back to Login' }}
      />
    );
  }

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the e-mail address of your account and we will send you a link to reset your password."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert message={formError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={forgotPassword.isPending}>
            Send reset link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
