import { ActionIcon, Button, CloseButton, Group, Popover, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarMonth, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { MONTH_ABBREVIATIONS, MONTH_NAMES } from '@fieldbot/shared';
import { isFutureMonth, monthLabel, parseMonthValue, toMonthValue } from './month-value';

export interface MonthPickerProps {
  /** MM/01/YYYY, or null when no month is chosen. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Accessible name of the button, e.g. 'Filter by month'. */
  label?: string;
  /** Today, for tests; defaults to the current date. */
  now?: Date;
}

/**
 * Spec §2 "Month picker": a 'Select Date' button (or the chosen MM/YYYY with a clear icon) opening
 * a popup with year back/forward and twelve month buttons. Future months cannot be chosen; choosing
 * one sets the value (MM/01/YYYY) and closes the popup.
 */
export function MonthPicker({ value, onChange, label = 'Select month', now }: MonthPickerProps) {
  const today = now ?? new Date();
  const selected = parseMonthValue(value);
  const [opened, setOpened] = useState(false);
  const [year, setYear] = useState(() => selected?.year ?? today.getFullYear());
  const nextYearDisabled = year >= today.getFullYear();

  const open = () => {
    setYear(selected?.year ?? today.getFullYear());
    setOpened(true);
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendarMonth size={16} aria-hidden />}
            onClick={() => (opened ? setOpened(false) : open())}
            // The visible text stays part of the name (WCAG 2.5.3 label in name).
            aria-label={`${label}: ${selected ? monthLabel(selected) : 'Select Date'}`}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            {selected ? monthLabel(selected) : 'Select Date'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Choose a month" role="dialog" miw={240}>
          <Group justify="space-between" mb="xs">
            <ActionIcon
              variant="subtle"
              aria-label="Previous year"
              onClick={() => setYear((y) => y - 1)}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <Text fw={600} aria-live="polite" data-testid="month-picker-year">
              {year}
            </Text>
            <ActionIcon
              variant="subtle"
              aria-label="Next year"
              disabled={nextYearDisabled}
              onClick={() => setYear((y) => y + 1)}
            >
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
            {MONTH_ABBREVIATIONS.map((short, index) => {
              const month = index + 1;
              const isSelected = selected?.year === year && selected.month === month;
              return (
                <Button
                  key={short}
                  size="xs"
                  variant={isSelected ? 'filled' : 'subtle'}
                  disabled={isFutureMonth({ year, month }, today)}
                  aria-label={`${MONTH_NAMES[index]} ${year}`}
                  aria-pressed={isSelected}
                  onClick={() => {
                    onChange(toMonthValue({ year, month }));
                    setOpened(false);
                  }}
                >
                  {short}
                </Button>
              );
            })}
          </SimpleGrid>
        </Popover.Dropdown>
      </Popover>
      {selected ? (
        <CloseButton size="sm" aria-label="Clear date" onClick={() => onChange(null)} />
      ) : null}
    </Group>
  );
}
