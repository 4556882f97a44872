import type { User } from '@fieldbot/shared';
import {
  ActionIcon,
  Avatar,
  Burger,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '@/features/session';
import { HelpMenuItem } from '@/features/support';
import { usePageHeaderState } from './page-header';

export interface HeaderProps {
  user: User;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function Header({ user, navOpened, onToggleNav }: HeaderProps) {
  const { title, subTitle, enableReturn } = usePageHeaderState();
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        {enableReturn && (
          <ActionIcon variant="subtle" size="lg" aria-label="Go back" onClick={() => navigate(-1)}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <Stack gap={0} miw={0}>
          {title && (
            <Title order={1} size="h3" lineClamp={1}>
              {title}
            </Title>
          )}
          {subTitle && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {subTitle}
            </Text>
          )}
        </Stack>
      </Group>

      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`User menu for ${user.name}`} style={{ borderRadius: 8 }}>
            <Group gap="xs" wrap="nowrap">
              <Avatar
                src={user.image}
                alt={user.name}
                name={user.name}
                color="initials"
                radius="xl"
              />
              <Stack gap={0} visibleFrom="xs">
                <Text size="sm" fw={600} lineClamp={1}>
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {user.role.title}
                </Text>
              </Stack>
              <IconChevronDown size={16} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
            Profile
          </Menu.Item>
          <Menu.Item component={Link} to="/change-password" leftSection={<IconKey size={16} />}>
            Change Password
          </Menu.Item>
          <HelpMenuItem />
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => logout.mutate()}
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal
        opened={logout.isPending}
        onClose={() => undefined}
        withCloseButton={false}
        centered
        size="xs"
        aria-label="Logging out"
      >
        <Group gap="sm" justify="center" py="md" role="status">
          <Loader size="sm" />
          <Text>Logging out...</Text>
        </Group>
      </Modal>
    </Group>
  );
}
