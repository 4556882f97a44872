import {
  PUBLISHER_ROLES,
  ROLE,
  ROLE_TITLES,
  type PublisherRole,
  type PublisherUserListItem,
} from '@fieldbot/shared';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconTrash, IconUserCog } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePublisherUserRole } from '../api/change-publisher-user-role';
import { useRemovePublisherUser } from '../api/remove-publisher-user';

const isPublisherRole = (alias: string): alias is PublisherRole =>
  (PUBLISHER_ROLES as readonly string[]).includes(alias);

/** A publisher team has two roles: a role change moves the user to the other one. */
export function otherPublisherRole(alias: string): PublisherRole {
  return isPublisherRole(alias) && alias === ROLE.PUBLISHER_ADMIN
    ? ROLE.PUBLISHER_USER
    : ROLE.PUBLISHER_ADMIN;
}

type Confirming = 'role' | 'remove' | null;

/** Change role and Remove of a colleague (never of oneself), each confirmed first. */
export function PublisherUserActions({ row }: { row: PublisherUserListItem }) {
  const changeRole = useChangePublisherUserRole();
  const remove = useRemovePublisherUser();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const who = row.name ?? row.email;
  const nextRole = otherPublisherRole(row.role.alias);
  const busy = changeRole.isPending || remove.isPending;

  const callbacks = {
    onSuccess: ({ message }: { message: string }) => {
      setConfirming(null);
      notifySuccess(message);
    },
    onError: (error: unknown) => {
      setConfirming(null);
      notifyError(error);
    },
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Change role">
        <ActionIcon
          variant="subtle"
          aria-label={`Change role of ${who}`}
          disabled={busy}
          onClick={() => setConfirming('role')}
        >
          <IconUserCog size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove user">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${who}`}
          disabled={busy}
          onClick={() => setConfirming('remove')}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <ConfirmModal
        opened={confirming === 'role'}
        onClose={() => setConfirming(null)}
        title="Change role"
        confirmLabel="Change Role"
        loading={changeRole.isPending}
        onConfirm={() => changeRole.mutate({ id: row.id, role_alias: nextRole }, callbacks)}
      >
        {`${who} will become a ${ROLE_TITLES[nextRole]}.`}
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'remove'}
        onClose={() => setConfirming(null)}
        title="Remove user"
        confirmLabel="Remove"
        color="red"
        loading={remove.isPending}
        onConfirm={() => remove.mutate(row.id, callbacks)}
      >
        {`${who} (${row.email}) will no longer have access to this publisher.`}
      </ConfirmModal>
    </Group>
  );
}
