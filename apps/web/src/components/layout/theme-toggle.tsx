import type { DisplayMode } from '@fieldbot/shared';
import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useUpdateDisplayMode } from '@/lib/session';

/** Light/dark switch: saved locally at once (Mantine's manager, STORAGE_KEYS.theme) and sent to the server. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light');
  const updateDisplayMode = useUpdateDisplayMode();
  const next: DisplayMode = current === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode';

  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={() => {
          setColorScheme(next);
          updateDisplayMode.mutate(next);
        }}
      >
        {next === 'dark' ? <IconMoon size={18} /> : <IconSun size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
