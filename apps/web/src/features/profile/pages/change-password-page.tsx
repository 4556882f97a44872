import { AUTH_MESSAGES, changePasswordBodySchema } from '@fieldbot/shared';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useNavigate } from 'react-router';
import { usePageHeader } from '@/components/layout/page-header';
import { PasswordField } from '@/components/forms/password-field';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { clearSession } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useGoBack } from '@/lib/use-go-back';
import { useChangePassword } from '../api/change-password';
import { NewPasswordFields } from '@/components/forms/new-password-fields';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** /change-password: on success the server has ended every session, so the user logs in again. */
export function ChangePasswordPage() {
  usePageHeader({ title: 'Change Password' });
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const changePassword = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zod4Resolver(changePasswordBodySchema),
  });

  const submit = form.onSubmit((values) => {
    changePassword.mutate(changePasswordBodySchema.parse(values), {
      onSuccess: async ({ message }) => {
        // The toast outlives the page; the session is forgotten here as on logout, so the route
        // guard and this navigation agree on plain /login (no redirectTo back to this page).
        notifySuccess(message || AUTH_MESSAGES.passwordChanged);
        await clearSession(queryClient);
        navigate('/login', { replace: true });
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, FIELDS);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  return (
    <Paper withBorder radius="md" p="xl" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields form={form} label="New Password" />
          <Group justify="flex-end">
            <Button variant="default" onClick={goBack}>
              Cancel
            </Button>
            <Button type="submit" loading={changePassword.isPending || changePassword.isSuccess}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
