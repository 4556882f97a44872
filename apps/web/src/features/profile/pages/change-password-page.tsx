import { AUTH_MESSAGES, REDIRECT_DELAY_MS, changePasswordBodySchema } from '@fieldbot/shared';
import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePageHeader } from '@/components/layout/page-header';
import { PasswordField, PasswordHints, applyServerErrors, focusFirstError } from '@/features/auth';
import { notifyError } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { leaveForLogin } from '../lib/leave-for-login';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** /change-password: on success the server has ended every session, so the user logs in again. */
export function ChangePasswordPage() {
  usePageHeader({ title: 'Change Password' });
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zod4Resolver(changePasswordBodySchema),
  });

  const done = changePassword.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(leaveForLogin, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const submit = form.onSubmit((values) => {
    changePassword.mutate(changePasswordBodySchema.parse(values), {
      onError: (error) => {
        const message = applyServerErrors(form, error, FIELDS);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  return (
    <Paper withBorder radius="md" p="xl" maw={520}>
      {done ? (
        <Stack>
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />}>
            {changePassword.data.message || AUTH_MESSAGES.passwordChanged}
          </Alert>
          <Button onClick={leaveForLogin}>Go to Login</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('current_password')}
            />
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordHints value={form.values.password} />
            <PasswordField
              label="Confirm Password"
              autoComplete="new-password"
              required
              {...form.getInputProps('password_confirmation')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate(-1)}>
                Cancel
              </Button>
              <Button type="submit" loading={changePassword.isPending}>
                Change Password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
