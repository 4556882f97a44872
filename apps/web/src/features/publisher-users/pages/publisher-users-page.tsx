import { publisherInviteBodySchema, publisherUserListQuerySchema } from '@fieldbot/shared';
import { Button, Group } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useListQuery, useDeferredPage } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { InviteUserModal, UserStatusCountsText } from '@/components/user-list';
import { useCurrentUser } from '@/lib/session';
import { usePublisherUsers } from '../api/get-publisher-users';
import { useInvitePublisherUser } from '../api/invite-publisher-user';
import { PublisherUsersTable } from '../components/publisher-users-table';
import { PUBLISHER_ROLE_SELECT_OPTIONS } from '../lib/options';

/**
 * /publisher/users (publisher admin only): the publisher's team and pending
 * invitations; search, filters, sort and page in the query string.
 */
export function PublisherUsersPage() {
  usePageHeader({ title: 'Users' });
  const [query, setQuery] = useListQuery(publisherUserListQuerySchema);
  const users = usePublisherUsers(query);
  const user = useCurrentUser();
  const invite = useInvitePublisherUser();
  const [inviting, setInviting] = useState(false);
  const { data, loading, fetching } = useDeferredPage(users);

  return (
    <>
      <Group justify="space-between" mb="sm" gap="sm">
        <UserStatusCountsText counts={data?.data.counts} />
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setInviting(true)}
        >
          Invite
        </Button>
      </Group>
      <PublisherUsersTable
        currentUserId={user?.id}
        query={query}
        onQueryChange={setQuery}
        data={data}
        loading={loading}
        fetching={fetching}
        error={users.error}
        onRetry={() => void users.refetch()}
      />
      <InviteUserModal
        opened={inviting}
        onClose={() => setInviting(false)}
        schema={publisherInviteBodySchema}
        roleOptions={PUBLISHER_ROLE_SELECT_OPTIONS}
        invite={invite}
      />
    </>
  );
}
