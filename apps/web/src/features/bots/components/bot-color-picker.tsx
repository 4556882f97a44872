import { BOT_COLORS, botIcon, type BotColor } from '@fieldbot/shared';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { BOT_COLOR_LABELS } from '../lib/options';
import { BotIcon } from './bot-icon';

export interface BotColorPickerProps {
  value: BotColor;
  onChange: (color: BotColor) => void;
  error?: React.ReactNode;
}

/** One card per colour showing the icon a company will see (spec §3 bot colours). */
export function BotColorPicker({ value, onChange, error }: BotColorPickerProps) {
  return (
    <Radio.Group
      label="Colour"
      value={value}
      onChange={(color) => onChange(color as BotColor)}
      error={error}
    >
      <Group gap="xs" mt={4}>
        {BOT_COLORS.map((color) => (
          <Radio.Card
            key={color}
            value={color}
            aria-label={BOT_COLOR_LABELS[color]}
            radius="md"
            p={6}
            w={76}
            style={{
              outline:
                value === color ? '2px solid var(--mantine-primary-color-filled)' : undefined,
            }}
          >
            <Stack gap={2} align="center">
              <BotIcon icon={botIcon(color)} size={36} />
              <Text size="xs">{BOT_COLOR_LABELS[color]}</Text>
            </Stack>
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}
