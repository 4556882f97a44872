import { loginBodySchema, parseInvitationToken } from '@fieldbot/shared';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useLogin } from '../api/login';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '@/components/forms/password-field';
import { FormAlert } from '../components/form-alert';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useInvitationTokenGuard } from '../hooks/use-invitation-token-guard';
import { withReferer } from '../lib/referer';
import { CheckingInvitationCard } from '../components/checking-invitation-card';

const FIELDS = ['email', 'password'] as const;

/** /login and /login/{invitation_token} (spec §2). */
export function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const invitationToken = parseInvitationToken(location.pathname);
  const tokenGuard = useInvitationTokenGuard(invitationToken);
  const login = useLogin();
  const { complete, redirecting } = useCompleteLogin();
  const { form, formError, onSubmit } = useAuthForm({
    schema: loginBodySchema,
    initialValues: { email: '', password: '' },
    fields: FIELDS,
    send: (body, onError) => login.mutate(body, { onSuccess: complete, onError }),
  });

  const referer = searchParams.get('referer');
  const tokenPath = invitationToken ? `/${encodeURIComponent(invitationToken)}` : '';

  if (tokenGuard.checking) {
    return <CheckingInvitationCard title="Log in" />;
  }

  return (
    <AuthCard title="Log in" description="Welcome back. Sign in to your Fieldbot account.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {redirecting ? (
            <Alert color="teal" variant="light">
              Logged in successfully. Redirecting…
            </Alert>
          ) : null}
          <FormAlert message={formError ?? tokenGuard.error?.message ?? null} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={`/forgot-password${tokenPath}`} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending || redirecting}>
            Log in
          </Button>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to={withReferer(`/signup${tokenPath}`, referer)}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
