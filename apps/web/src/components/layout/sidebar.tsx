import {
  SEARCH_PATH,
  sidebarItems,
  type Module,
  type SidebarItem,
  type User,
} from '@fieldbot/shared';
import { ActionIcon, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingStore,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconRobot,
  IconSearch,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  IconBriefcase,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from './theme-toggle';

const ICONS: Record<Module, Icon> = {
  dashboard: IconLayoutDashboard,
  bots: IconRobot,
  clients: IconBriefcase,
  teams: IconUsersGroup,
  users: IconUsers,
  interactions: IconAddressBook,
  marketplace: IconBuildingStore,
  settings: IconSettings,
};

/** Customers and Search are both the interactions module: Search has its own icon. */
const iconOf = (item: SidebarItem): Icon =>
  item.to === SEARCH_PATH ? IconSearch : ICONS[item.module];

/** Unique per item (two items can share a module), stable for tests. */
const testIdOf = (item: SidebarItem) => `sidebar-${item.label.toLowerCase()}`;

function isActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  // A module's link points at one page of its section (/settings/company-info, /bot/list); the
  // item stays active on every page of that section.
  const section = to.startsWith('/settings/') ? '/settings' : to === '/bot/list' ? '/bot' : to;
  return pathname === section || pathname.startsWith(`${section}/`);
}

export interface SidebarProps {
  user: User;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onNavigate?: () => void;
}

/** Spec §2 Sidebar: permitted modules only, role-specific links, disabled until onboarding is complete. */
export function Sidebar({ user, collapsed, onToggleCollapsed, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const items = sidebarItems(user);

  return (
    <Stack h="100%" justify="space-between" gap="sm">
      <ScrollArea type="auto" style={{ flex: 1 }}>
        <nav aria-label="Main">
          <Stack gap={4}>
            {items.map((item) => {
              const ItemIcon = iconOf(item);
              const icon = <ItemIcon size={20} stroke={1.6} aria-hidden />;
              const common = {
                label: collapsed ? undefined : item.label,
                leftSection: icon,
                'aria-label': collapsed ? item.label : undefined,
                styles: collapsed ? { section: { marginInlineEnd: 0 } } : undefined,
              };
              const link = item.disabled ? (
                <NavLink
                  {...common}
                  component="button"
                  type="button"
                  disabled
                  aria-disabled="true"
                  data-testid={testIdOf(item)}
                />
              ) : (
                <NavLink
                  {...common}
                  component={Link}
                  to={item.to}
                  active={isActive(pathname, item.to)}
                  aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                  onClick={onNavigate}
                  data-testid={testIdOf(item)}
                />
              );
              return collapsed ? (
                <Tooltip key={item.label} label={item.label} position="right">
                  {link}
                </Tooltip>
              ) : (
                <div key={item.label}>{link}</div>
              );
            })}
          </Stack>
        </nav>
      </ScrollArea>
      <Group justify={collapsed ? 'center' : 'space-between'} gap="xs">
        <ThemeToggle />
        <ActionIcon
          variant="default"
          size="lg"
          visibleFrom="sm"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={onToggleCollapsed}
        >
          {collapsed ? (
            <IconLayoutSidebarLeftExpand size={18} />
          ) : (
            <IconLayoutSidebarLeftCollapse size={18} />
          )}
        </ActionIcon>
      </Group>
    </Stack>
  );
}
