import { Menu } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { showIntercom } from '../lib/intercom';
import { setHelpPanelOpen } from '../lib/help-panel-state';

/** User menu entry: the Intercom Messenger when it runs, else the built-in Help panel. */
export function HelpMenuItem() {
  return (
    <Menu.Item
      leftSection={<IconHelpCircle size={16} aria-hidden />}
      onClick={() => {
        if (!showIntercom()) setHelpPanelOpen(true);
      }}
    >
      Help
    </Menu.Item>
  );
}
