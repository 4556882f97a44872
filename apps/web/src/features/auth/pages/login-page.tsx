import { loginBodySchema, parseInvitationToken } from '@fieldbot/shared';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PasswordField } from '@/components/forms/password-field';
import { rememberLoggedInUser } from '@/lib/session/fetch-me';
import { pageLocation } from '@/lib/page-location';
import { login } from '../api/login';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { useInvitationTokenCheck } from '../hooks/use-invitation-token-check';
import { useLoginCompletion, type LoginExit } from '../hooks/use-login-completion';
import { withReferer } from '../lib/referer';
import { CheckingInvitationCard } from '../components/checking-invitation-card';

const FIELDS = ['email', 'password'] as const;

/** The app behind the login page is another document: it loads with the user's session. */
const DOCUMENT_EXIT: LoginExit = {
  where: pageLocation.current,
  rewrite: (url) => pageLocation.rewrite(url),
  leave: (user, to) => {
    rememberLoggedInUser(user);
    pageLocation.replace(to);
  },
};

/**
 * /login and /login/{invitation_token} (spec §2). It runs in its own entry (src/login-main.tsx),
 * without the router or the query client, so the first page most visitors open loads the least
 * JS; its links and its exit load the app as a new document.
 */
export function LoginPage() {
  const { pathname, search } = pageLocation.current();
  const invitationToken = parseInvitationToken(pathname);
  const tokenGuard = useInvitationTokenCheck(invitationToken);
  const [sending, setSending] = useState(false);
  const { complete, redirecting } = useLoginCompletion(DOCUMENT_EXIT);
  const { form, formError, onSubmit } = useAuthForm({
    schema: loginBodySchema,
    initialValues: { email: '', password: '' },
    fields: FIELDS,
    send: (body, onError) => {
      setSending(true);
      login(body).then(complete, (error: unknown) => {
        setSending(false);
        onError(error);
      });
    },
  });

  const referer = new URLSearchParams(search).get('referer');
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
            <Anchor href={`/forgot-password${tokenPath}`} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={sending || redirecting}>
            Log in
          </Button>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor href={withReferer(`/signup${tokenPath}`, referer)}>Create an account</Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
