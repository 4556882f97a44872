import { acceptInviteBodySchema, parseInvitationToken } from '@fieldbot/shared';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAcceptInvite } from '../api/accept-invite';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { useCompleteLogin } from '../hooks/use-complete-login';
import {
  INVITATION_TOKEN_EXPIRE_PATH,
  useInvitationTokenGuard,
} from '../hooks/use-invitation-token-guard';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { CheckingInvitationCard } from '../components/checking-invitation-card';

const FIELDS = ['name', 'password', 'password_confirmation'] as const;

/** /accept-invite/{invitation_token}: validates the token, then name + password log the user in. */
export function AcceptInvitePage() {
  const location = useLocation();
  const invitationToken = parseInvitationToken(location.pathname);
  if (!invitationToken) return <Navigate to={INVITATION_TOKEN_EXPIRE_PATH} replace />;
  return <AcceptInviteForm invitationToken={invitationToken} />;
}

function AcceptInviteForm({ invitationToken }: { invitationToken: string }) {
  const tokenGuard = useInvitationTokenGuard(invitationToken);
  const acceptInvite = useAcceptInvite();
  const { complete, redirecting } = useCompleteLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      invitation_token: invitationToken,
      name: '',
      password: '',
      password_confirmation: '',
    },
    validate: zod4Resolver(acceptInviteBodySchema),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    acceptInvite.mutate(acceptInviteBodySchema.parse(values), {
      onSuccess: complete,
      onError: (error) => setFormError(applyServerErrors(form, error, FIELDS)),
    });
  }, focusFirstError(form));

  if (tokenGuard.checking) {
    return <CheckingInvitationCard title="Accept invitation" />;
  }

  return (
    <AuthCard
      title="Accept invitation"
      description="You have been invited to Fieldbot. Choose your name and a password to join."
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {redirecting ? (
            <Alert color="teal" variant="light">
              Invitation accepted. Redirecting…
            </Alert>
          ) : null}
          <FormAlert message={formError ?? tokenGuard.error?.message ?? null} />
          <TextInput
            label="Name"
            autoComplete="name"
            required
            maxLength={50}
            {...form.getInputProps('name')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" fullWidth loading={acceptInvite.isPending || redirecting}>
            Accept invitation
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
