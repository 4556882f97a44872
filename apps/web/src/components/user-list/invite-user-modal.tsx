import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { notifyError, notifySuccess } from '@/lib/notify';

export interface InviteBody {
  email: string;
  role_alias: string;
}

/** The part of a list's invite mutation the dialog uses. */
export interface InviteMutation<B extends InviteBody> {
  mutate: (
    body: B,
    callbacks: {
      onSuccess: (result: { message: string }) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
  reset: () => void;
  isPending: boolean;
}

export interface InviteUserModalProps<B extends InviteBody> {
  opened: boolean;
  onClose: () => void;
  /** The invite body's shared schema: the same rules as the server's. */
  schema: z.ZodType<B>;
  roleOptions: { value: string; label: string }[];
  invite: InviteMutation<B>;
}

type InviteValues = { email: string; role_alias: string };

const INITIAL: InviteValues = { email: '', role_alias: '' };

/** Invite by e-mail with a role; the server mails the accept link and answers the toast's message. */
export function InviteUserModal<B extends InviteBody>({
  opened,
  onClose,
  schema,
  roleOptions,
  invite,
}: InviteUserModalProps<B>) {
  const form = useForm<InviteValues>({
    initialValues: INITIAL,
    validate: zod4Resolver(schema),
  });
  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    invite.mutate(schema.parse(values), {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        close();
      },
      onError: (error) => {
        const message = applyServerErrors(form, error, ['email', 'role_alias']);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  return (
    <Modal opened={opened} onClose={close} title="Invite User" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            required
            data-autofocus
            maxLength={200}
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            placeholder="Select a role"
            required
            data={roleOptions}
            allowDeselect={false}
            {...form.getInputProps('role_alias')}
            value={form.values.role_alias || null}
            onChange={(value) => form.setFieldValue('role_alias', value ?? '')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Send Invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
