import { acceptInviteBodySchema, parseInvitationToken } from '@fieldbot/shared';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';
import { useAcceptInvite } from '../api/accept-invite';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useInvitationTokenGuard } from '../hooks/use-invitation-token-guard';
import { INVITATION_TOKEN_EXPIRE_PATH } from '../lib/invitation-token';
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
  const { form, formError, onSubmit } = useAuthForm({
    schema: acceptInviteBodySchema,
    initialValues: {
      invitation_token: invitationToken,
      name: '',
      password: '',
      password_confirmation: '',
    },
    fields: FIELDS,
    send: (body, onError) => acceptInvite.mutate(body, { onSuccess: complete, onError }),
  });

  if (tokenGuard.checking) {
    return <CheckingInvitationCard title="Accept invitation" />;
  }

  return (
    <AuthCard
      title="Accept invitation"
      description="You have been invited to Fieldbot. Choose your name and a password to join."
    >
      <form onSubmit={onSubmit} noValidate>
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
