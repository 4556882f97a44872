import { RUN_BOT_BLOCKS } from '@fieldbot/shared';
import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { DisabledReason } from '@/components/disabled-reason';

export interface RunBotsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec §2 "Run Bots dialog": bots to choose, Run disabled until one is chosen. Bots and runs arrive
 * with the bots issue; until then there is nothing to choose.
 */
export function RunBotsDialog({ opened, onClose }: RunBotsDialogProps) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <Modal opened={opened} onClose={onClose} title="Select Bots" centered>
      <Stack>
        <MultiSelect
          label="Bots"
          data={[]}
          value={selected}
          onChange={setSelected}
          searchable
          nothingFoundMessage="Nothing found"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <DisabledReason reason={selected.length === 0 ? RUN_BOT_BLOCKS.noBotChosen : null}>
            <Button>Run</Button>
          </DisabledReason>
        </Group>
      </Stack>
    </Modal>
  );
}
