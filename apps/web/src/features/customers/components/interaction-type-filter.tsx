import { OPTION_LISTS, type InteractionType } from '@fieldbot/shared';
import { Badge, Button, Group, Popover, Radio, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';

export interface InteractionTypeFilterProps {
  /** The applied type; undefined is All Interactions. */
  value: InteractionType | undefined;
  onApply: (type: InteractionType | undefined) => void;
}

/**
 * The Filters popup of the Interactions table (spec §2): Interaction type, one choice, with Apply
 * and Close; once a filter is applied, the 'Filter Selected' chip and Clear All.
 */
export function InteractionTypeFilter({ value, onApply }: InteractionTypeFilterProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<string>(value ?? '');
  const titleId = useId();
  const filtersButton = useRef<HTMLButtonElement>(null);

  const open = () => {
    setDraft(value ?? '');
    setOpened(true);
  };
  const apply = () => {
    onApply((draft || undefined) as InteractionType | undefined);
    setOpened(false);
  };

  return (
    <Group gap="xs">
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        withArrow
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            ref={filtersButton}
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden />}
            onClick={() => (opened ? setOpened(false) : open())}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            Filters
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby={titleId} miw={240}>
          <Stack gap="md">
            <Text id={titleId} fw={700}>
              Filters
            </Text>
            <Radio.Group label="Interaction type" value={draft} onChange={setDraft}>
              <Stack gap="xs" mt="xs">
                {OPTION_LISTS.interactionType.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" size="xs" onClick={() => setOpened(false)}>
                Close
              </Button>
              <Button size="xs" onClick={apply}>
                Apply
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {value && (
        <>
          <Badge variant="outline" size="lg" tt="none">
            Filter Selected
          </Badge>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              // Clear All disappears with the filter; focus goes back to Filters, not to the page.
              filtersButton.current?.focus();
              onApply(undefined);
            }}
          >
            Clear All
          </Button>
        </>
      )}
    </Group>
  );
}
