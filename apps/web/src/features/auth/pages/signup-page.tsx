import { parseInvitationToken, signupBodySchema } from '@fieldbot/shared';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { useInvitationTokenGuard } from '../hooks/use-invitation-token-guard';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { withReferer } from '../lib/referer';
import { applyServerErrors } from '@/lib/forms/server-errors';
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
  const [formError, setFormError] = useState<string | null>(null);
  const loginHref = withReferer('/login', searchParams.get('referer'));

  const form = useForm<SignupValues>({
    initialValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      ...(invitationToken ? { invitation_token: invitationToken } : {}),
    },
    validate: zod4Resolver(signupBodySchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    signup.mutate(signupBodySchema.parse(values), {
      onError: (error) => setFormError(applyServerErrors(form, error, FIELDS)),
    });
  }, focusFirstError(form));

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
      <form onSubmit={submit} noValidate>
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
