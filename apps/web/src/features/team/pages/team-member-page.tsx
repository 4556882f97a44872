import {
  AUTH_MESSAGES,
  formatPhone,
  digitsOnly,
  type TeamMember,
  type User,
} from '@fieldbot/shared';
import {
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useParams } from 'react-router';
import { usePageHeader } from '@/components/layout/page-header';
import { StatusBadge } from '@/components/status-badge/status-badge';
import { formatTimestamp } from '@/lib/format-date';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { focusFirstError } from '@/lib/forms/focus-first-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { useGoBack } from '@/lib/use-go-back';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { useTeamMember } from '../api/get-team-member';
import { useUpdateTeamMember } from '../api/update-team-member';
import { UserNotFound } from '../components/user-not-found';
import {
  memberChanges,
  memberEditRights,
  memberInitialValues,
  validateMember,
  type MemberValues,
} from '../lib/member-form';
import { ASSIGNABLE_ROLE_OPTIONS } from '../lib/options';

const FIELDS = ['name', 'phone', 'role_alias'] as const;

/** users/{id}/detail/general: the colleague's general tab (spec §2 Users). */
export function TeamMemberPage() {
  usePageHeader({ title: 'User Detail', enableReturn: true });
  const { id } = useParams();
  if (!isRecordId(id)) return <UserNotFound />;
  return <TeamMemberDetail key={id} id={id} />;
}

function TeamMemberDetail({ id }: { id: string }) {
  const member = useTeamMember(id);
  const viewer = useCurrentUser();
  if (member.isError) {
    return isNotFoundError(member.error) ? (
      <UserNotFound />
    ) : (
      <UserNotFound onRetry={() => void member.refetch()} />
    );
  }
  if (!member.data || !viewer) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading user" />
      </Center>
    );
  }
  return (
    <Tabs value="general" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="general">General</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="general">
        {/* Keyed by the loaded values: a saved change resets the form to the server's copy. */}
        <MemberForm
          key={`${member.data.name}|${member.data.phone}|${member.data.role.alias}`}
          member={member.data}
          viewer={viewer}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

function MemberForm({ member, viewer }: { member: TeamMember; viewer: User }) {
  const goBack = useGoBack();
  const update = useUpdateTeamMember(member.id);
  const rights = memberEditRights(viewer, member);
  const form = useForm<MemberValues>({
    initialValues: memberInitialValues(member),
    validate: (values) => validateMember(values, member, rights),
  });
  const changes = memberChanges(form.values, member, rights);
  const hasChanges = Object.keys(changes).length > 1;
  const editable = rights.nameAndPhone || rights.role;

  const submit = form.onSubmit((values) => {
    const body = memberChanges(values, member, rights);
    if (Object.keys(body).length <= 1) return;
    update.mutate(body, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => {
        const message = applyServerErrors(form, error, FIELDS);
        if (message) notifyError(message);
      },
    });
  }, focusFirstError(form));

  const roleOptions = rights.role
    ? ASSIGNABLE_ROLE_OPTIONS
    : [{ value: member.role.alias, label: member.role.title }];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Group gap="sm">
            <Text fw={600}>Status</Text>
            <StatusBadge status={member.status} />
            <Text size="sm" c="dimmed">
              {`Last active: ${formatTimestamp(member.last_active_at) || 'Never'}`}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="User Name"
              autoComplete="off"
              required={rights.nameAndPhone}
              disabled={!rights.nameAndPhone}
              maxLength={50}
              description={rights.crm ? AUTH_MESSAGES.crmLocked : undefined}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Phone Number"
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder="(xxx) xxx-xxxx"
              required={rights.nameAndPhone}
              disabled={!rights.nameAndPhone}
              description={rights.crm ? AUTH_MESSAGES.crmLocked : undefined}
              {...form.getInputProps('phone')}
              value={formatPhone(form.values.phone)}
              onChange={(event) =>
                form.setFieldValue('phone', digitsOnly(event.currentTarget.value))
              }
            />
            <TextInput label="Email" type="email" value={member.email} readOnly />
            <Select
              label="Role"
              data={roleOptions}
              allowDeselect={false}
              disabled={!rights.role}
              description={
                rights.admin && !rights.role
                  ? 'Only Company Manager and Field Technician roles of colleagues can be changed.'
                  : undefined
              }
              {...form.getInputProps('role_alias')}
            />
          </SimpleGrid>
          {editable ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={goBack}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!hasChanges}>
                Save
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Only the Company Admin can change team members.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
