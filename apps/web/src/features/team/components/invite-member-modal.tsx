import { teamInviteBodySchema, type AssignableTeamRole } from '@fieldbot/shared';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useInviteMember } from '../api/invite-member';
import { ASSIGNABLE_ROLE_OPTIONS } from '../lib/options';

type InviteValues = {
  email: string;
  role_alias: AssignableTeamRole | '';
};

const INITIAL: InviteValues = { email: '', role_alias: '' };

export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Invite by e-mail as Company Manager or Field Technician; the server mails the accept link. */
export function InviteMemberModal({ opened, onClose }: InviteMemberModalProps) {
  const invite = useInviteMember();
  const form = useForm<InviteValues>({
    initialValues: INITIAL,
    validate: zod4Resolver(teamInviteBodySchema),
  });
  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    invite.mutate(teamInviteBodySchema.parse(values), {
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
            data={ASSIGNABLE_ROLE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role_alias')}
            value={form.values.role_alias || null}
            onChange={(value) =>
              form.setFieldValue('role_alias', (value ?? '') as AssignableTeamRole | '')
            }
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
