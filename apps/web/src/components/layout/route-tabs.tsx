import { Tabs, type TabsProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

export interface RouteTab {
  /** The tab's value; its path when absent. */
  key?: string;
  path: string;
  label: string;
  disabled?: boolean;
}

export interface RouteTabsProps {
  tabs: readonly RouteTab[];
  /** The tab list's accessible name, e.g. "Settings sections". */
  ariaLabel: string;
  variant?: TabsProps['variant'];
}

/** Tabs that are routes: the tab whose path starts the URL is active; picking one navigates to it. */
export function RouteTabs({ tabs, ariaLabel, variant }: RouteTabsProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const valueOf = (tab: RouteTab) => tab.key ?? tab.path;
  const activeTab = tabs.find((tab) => pathname.startsWith(tab.path));

  return (
    <Tabs
      value={activeTab ? valueOf(activeTab) : null}
      onChange={(value) => {
        const tab = tabs.find((t) => valueOf(t) === value);
        if (tab && !tab.disabled) navigate(tab.path);
      }}
      variant={variant}
      keepMounted={false}
    >
      <Tabs.List aria-label={ariaLabel}>
        {tabs.map((tab) => (
          <Tabs.Tab key={valueOf(tab)} value={valueOf(tab)} disabled={tab.disabled}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
