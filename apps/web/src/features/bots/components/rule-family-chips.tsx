import { RULE_FAMILIES, RULE_FAMILY_INFO, type RuleFamily } from '@fieldbot/shared';
import { Chip, Fieldset, Group, List, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface RuleFamilyChipsProps {
  value: RuleFamily[];
  onChange: (value: RuleFamily[]) => void;
  error?: ReactNode;
}

/**
 * The built-in phrase families as chips. What a family covers shows in a tooltip on hover or
 * focus, is read with the chip by screen readers, and is listed under the chips once picked: a
 * phone has no hover, so tapping a chip is how its description shows there.
 */
export function RuleFamilyChips({ value, onChange, error }: RuleFamilyChipsProps) {
  const id = useId();
  return (
    <Fieldset
      variant="unstyled"
      legend="Families"
      // The legend reads like the other fields' labels.
      styles={{ legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 } }}
      aria-describedby={error ? `${id}-error` : `${id}-help`}
      // A fieldset is at least as wide as its content by default: on a phone that overflows.
      style={{ minWidth: 0 }}
    >
      <Text id={`${id}-help`} size="xs" c="dimmed">
        Built-in sets of the many ways people say one thing, near misses left out.
      </Text>
      <Chip.Group
        multiple
        value={value}
        onChange={(picked) => onChange(RULE_FAMILIES.filter((f) => picked.includes(f)))}
      >
        <Group gap={6} mt={6}>
          {RULE_FAMILIES.map((family) => (
            <Tooltip
              key={family}
              label={RULE_FAMILY_INFO[family].description}
              multiline
              w={280}
              withArrow
              events={{ hover: true, focus: true, touch: false }}
            >
              {/* The chip's own ref is its hidden input; the tooltip anchors on the visible chip. */}
              <div>
                <Chip value={family} size="xs" aria-describedby={`${id}-${family}`}>
                  {RULE_FAMILY_INFO[family].label}
                </Chip>
              </div>
            </Tooltip>
          ))}
        </Group>
      </Chip.Group>
      {RULE_FAMILIES.map((family) => (
        <VisuallyHidden key={family} id={`${id}-${family}`}>
          {RULE_FAMILY_INFO[family].description}
        </VisuallyHidden>
      ))}
      {value.length > 0 ? (
        <List size="xs" c="dimmed" mt={6} spacing={2} aria-label="What the picked families cover">
          {value.map((family) => (
            <List.Item key={family}>
              <Text span size="xs" fw={600}>
                {RULE_FAMILY_INFO[family].label}:
              </Text>{' '}
              {RULE_FAMILY_INFO[family].description}
            </List.Item>
          ))}
        </List>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} size="xs" c="red" mt={4}>
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}
