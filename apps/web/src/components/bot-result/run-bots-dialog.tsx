import {
  RUN_BOT_BLOCKS,
  selectBotsForCustomer,
  selectBotsForInteraction,
  type CompanyBot,
} from '@fieldbot/shared';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { DisabledReason } from '@/components/disabled-reason';
import { errorMessage, notifySuccess } from '@/lib/notify';
import type { BotResultTarget } from './api/bot-result-target';
import { useCompanyBots } from './api/get-company-bots';
import { useRunBots } from './api/run-bots';

/** Spec §9: multi-selects list 50 options; about 7 show before the list scrolls. */
const OPTIONS_LIMIT = 50;
const DROPDOWN_HEIGHT = 7 * 36;

export const NO_SELECTABLE_BOTS = 'No bots can run on this yet.';

export interface RunBotsDialogProps {
  opened: boolean;
  onClose: () => void;
  target: BotResultTarget;
}

/** Spec §5 "Run Bots": what the target may run (the customer-level run offers job-complete bots). */
export function selectableBots(bots: readonly CompanyBot[], target: BotResultTarget): CompanyBot[] {
  return target.kind === 'customer'
    ? selectBotsForCustomer(bots)
    : selectBotsForInteraction(bots, { type: target.type, call_type: target.callType });
}

/** Spec §2 "Run Bots dialog": choose bots (Run disabled until one is chosen), then run them. */
export function RunBotsDialog({ opened, onClose, target }: RunBotsDialogProps) {
  const [selected, setSelected] = useState<string[]>([]);
  const bots = useCompanyBots({ enabled: opened });
  const run = useRunBots(target);
  const options = selectableBots(bots.data ?? [], target).map((bot) => ({
    value: bot.id,
    label: bot.name,
  }));

  const close = () => {
    setSelected([]);
    run.reset();
    onClose();
  };

  const submit = () => {
    if (selected.length === 0 || run.isPending) return;
    run.mutate(selected, {
      onSuccess: (message) => {
        notifySuccess(message);
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Select Bots" centered>
      <Stack>
        <MultiSelect
          label="Bots"
          placeholder={bots.isPending ? 'Loading bots…' : 'Choose bots'}
          data={options}
          value={selected}
          onChange={setSelected}
          searchable
          limit={OPTIONS_LIMIT}
          maxDropdownHeight={DROPDOWN_HEIGHT}
          nothingFoundMessage="Nothing found"
          disabled={bots.isPending}
          error={bots.isError ? errorMessage(bots.error) : undefined}
        />
        {bots.isSuccess && options.length === 0 ? (
          <Text size="sm" c="dimmed">
            {NO_SELECTABLE_BOTS}
          </Text>
        ) : null}
        {run.isError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(run.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <DisabledReason reason={selected.length === 0 ? RUN_BOT_BLOCKS.noBotChosen : null}>
            <Button onClick={submit} loading={run.isPending}>
              Run
            </Button>
          </DisabledReason>
        </Group>
      </Stack>
    </Modal>
  );
}
