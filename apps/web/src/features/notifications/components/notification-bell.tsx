import {
  ALERT_MESSAGES,
  ALERTS_SETTINGS_PATH,
  ROLE,
  isAccountSetUp,
  isCompanyRole,
  type Notification,
} from '@fieldbot/shared';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/notify';
import { formatTimestamp } from '@/lib/format-date';
import { useCurrentUser } from '@/lib/session';
import {
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useUnreadCount,
} from '../api/notifications';
import { useNotificationStream } from '../lib/use-notification-stream';

/** "Notifications, 3 unread": the bell's accessible name carries the count. */
export function bellLabel(unread: number | undefined): string {
  if (!unread) return 'Notifications';
  return `Notifications, ${unread > 99 ? '99+' : unread} unread`;
}

/** The header's bell (company roles): the unread count, and the list in a popover. */
export function NotificationBell() {
  const user = useCurrentUser();
  // Alerts need a company: nothing rings while an admin is still onboarding.
  const enabled = Boolean(user && isCompanyRole(user.role.alias) && isAccountSetUp(user));
  const { down } = useNotificationStream(enabled);
  const unread = useUnreadCount({ enabled, poll: down });
  const [opened, setOpened] = useState(false);
  if (!user || !enabled) return null;
  const count = unread.data ?? 0;
  const editor = user.role.alias === ROLE.COMPANY_ADMIN || user.role.alias === ROLE.MANAGER;

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Indicator
        label={count > 99 ? '99+' : count}
        size={18}
        disabled={count === 0}
        color="red"
        offset={4}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={bellLabel(count)}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        {opened && (
          <NotificationList unread={count} editor={editor} onClose={() => setOpened(false)} />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationList(props: { unread: number; editor: boolean; onClose: () => void }) {
  const list = useNotifications({ enabled: true });
  const markAll = useMarkAllRead();

  let body;
  if (list.isError && !list.data) {
    body = (
      <Stack gap="xs" p="md" align="flex-start">
        <Text size="sm" c="red" role="alert">
          {errorMessage(list.error)}
        </Text>
        <Button size="xs" variant="default" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  } else if (!list.data) {
    body = (
      <Stack gap="sm" p="md" aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap={4}>
            <Skeleton height={14} width="70%" />
            <Skeleton height={10} width="40%" />
          </Stack>
        ))}
      </Stack>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" p="md" ta="center">
        {ALERT_MESSAGES.noNotifications}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={380}>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={props.onClose} />
          ))}
        </Stack>
        {list.hasNextPage && (
          <Box px="md" py="xs">
            <Button
              size="compact-sm"
              variant="default"
              fullWidth
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Show more
            </Button>
          </Box>
        )}
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="xs" wrap="nowrap">
        <Text fw={600} size="sm" component="h2" m={0}>
          Notifications
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={props.unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      {body}
      {props.editor && (
        <Box px="md" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Anchor component={Link} to={ALERTS_SETTINGS_PATH} size="sm" onClick={props.onClose}>
            Alert settings
          </Anchor>
        </Box>
      )}
    </Stack>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const markRead = useMarkRead();
  const unread = item.read_at === null;
  // Opening it reads it; the link goes to the evidence (the call at its moment, the customer…).
  const open = () => {
    if (unread) markRead.mutate(item.id);
    onOpen();
  };
  const text = (
    <>
      <Text size="sm" fw={unread ? 700 : 400} lineClamp={2}>
        {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
        {item.summary}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {`${item.rule_name} · ${formatTimestamp(item.created_at)}`}
      </Text>
    </>
  );
  return (
    <Box component="li" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap={4} wrap="nowrap" align="flex-start" px="md" py="xs">
        {item.link ? (
          <UnstyledButton
            component={Link}
            to={item.link}
            onClick={open}
            style={{ flex: 1, minWidth: 0 }}
          >
            {text}
          </UnstyledButton>
        ) : (
          <Box style={{ flex: 1, minWidth: 0 }}>{text}</Box>
        )}
        {unread && (
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`Mark "${item.summary}" as read`}
            onClick={() => markRead.mutate(item.id)}
          >
            Mark read
          </Button>
        )}
      </Group>
    </Box>
  );
}
