import { parseInvitationToken, signupBodySchema } from '@fieldbot/shared';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSignup } from '../api/signup';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { useInvitationTokenGuard } from '../hooks/use-invitation-token-guard';
import { withReferer } from '../lib/referer';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { CheckingInvitationCard } from '../components/checking-invitation-card';
import { AuthSuccessCard } from '../components/auth-success-card';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

type SignupValues = {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  invitation_token?: string;
};

/** /signup and /signup/{invitation_token} (spec §2). */
export function SignupPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const invitationToken = parseInvitationToken(location.pathname);
  const tokenGuard = useInvitationTokenGuard(invitationToken);
  const signup = useSignup();
  const loginHref = withReferer('/login', searchParams.get('referer'));

  const initialValues: SignupValues = {
    name: '',
    email: '',
    password: '',
    password_confirmation: '',
    ...(invitationToken ? { invitation_token: invitationToken } : {}),
  };
  const { form, formError, onSubmit } = useAuthForm({
    schema: signupBodySchema,
    initialValues,
    fields: FIELDS,
    send: (body, onError) => signup.mutate(body, { onError }),
  });

  if (tokenGuard.checking) {
    return <CheckingInvitationCard title="Create an account" />;
  }

  if (signup.isSuccess) {
    return (
      <AuthSuccessCard
        title={invitationToken ? 'Account created' : 'Check your e-mail'}
        icon={<IconMailCheck aria-hidden />}
        message={
          signup.data.message || 'We have sent you an e-mail with a link to verify your address.'
        }
        action={{ to: loginHref, label: 'Go to Login' }}
      >
        {invitationToken ? null : (
          <Text size="sm">
            Open the link in the e-mail we sent to {form.values.email.trim()} to verify your
            address, then log in.
          </Text>
        )}
      </AuthSuccessCard>
    );
  }

  return (
    <AuthCard title="Create an account" description="Sign up to start using Fieldbot.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormAlert message={formError ?? tokenGuard.error?.message ?? null} />
          <TextInput
            label="Name"
            autoComplete="name"
            required
            maxLength={50}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={signup.isPending}>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={loginHref}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
