import type { User } from '@fieldbot/shared';
import {
  Avatar,
  Box,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGoBack } from '@/lib/use-go-back';
import { useLogout } from '@/lib/session';
import { HeaderStart } from './header-start';
import { usePageHeaderState } from './page-header';

export interface HeaderProps {
  user: User;
  navOpened: boolean;
  onToggleNav: () => void;
  /** Items the app adds to the user menu (e.g. Help), between Change Password and Logout. */
  userMenuItems?: ReactNode;
  /** Controls a feature adds beside the user menu (e.g. the notification bell). */
  actions?: ReactNode;
}

export function Header({ user, navOpened, onToggleNav, userMenuItems, actions }: HeaderProps) {
  const pageHeader = usePageHeaderState();
  const goBack = useGoBack(pageHeader.returnTo);
  const logout = useLogout();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <HeaderStart
        {...pageHeader}
        navOpened={navOpened}
        onToggleNav={onToggleNav}
        onBack={goBack}
      />

      {/* An auto margin keeps the actions beside the menu, whatever the Group's justify. */}
      {actions && <Box ml="auto">{actions}</Box>}
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
          {userMenuItems}
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

      {/* Compound parts so the name sits on the dialog itself, not on the (always mounted) root. */}
      <Modal.Root opened={logout.isPending} onClose={() => undefined} centered size="xs">
        <Modal.Overlay />
        <Modal.Content aria-label="Logging out">
          <Modal.Body>
            <Group gap="sm" justify="center" py="md" role="status">
              <Loader size="sm" />
              <Text>Logging out...</Text>
            </Group>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Group>
  );
}
