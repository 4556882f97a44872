import type { MissedMark } from '@fieldbot/shared';
import { Badge, Button, Group, Paper, Stack, Text, type MantineColor } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

export const NO_MISSED_MARKS =
  'Nothing marked as missed. Select words in the transcript that the bot should have tagged.';

export interface MissedMarkListProps {
  marks: readonly MissedMark[];
  color: MantineColor;
  /** Reviewers remove a mark; absent for users who only read them. */
  onRemove?: (mark: MissedMark) => void;
  /** The transcript on the page lets reviewers add marks: an empty list says how. */
  marksInTranscript?: boolean;
}

/** "Missed by the bot": the words reviewers marked, each with the tag that should have found them. */
export function MissedMarkList({ marks, color, onRemove, marksInTranscript }: MissedMarkListProps) {
  const list = useRef<HTMLDivElement>(null);
  const removing = useRef(false);

  // The Remove button pressed is gone with its mark: focus stays in the list, not on the page.
  useEffect(() => {
    if (!removing.current) return;
    removing.current = false;
    const box = list.current;
    if (box && !box.contains(document.activeElement)) box.focus();
  }, [marks]);

  return (
    <Stack ref={list} tabIndex={-1} gap="xs" style={{ outline: 'none' }}>
      {marks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {marksInTranscript ? NO_MISSED_MARKS : 'Nothing marked as missed.'}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {marks.map((mark) => (
            <Paper
              component="li"
              key={mark.id}
              withBorder
              radius="sm"
              p="sm"
              style={{ borderInlineStart: `4px dashed var(--mantine-color-${color}-filled)` }}
            >
              <Group gap="xs" justify="space-between" wrap="wrap" align="flex-start">
                <Stack gap={6} miw={0} style={{ flex: '1 1 12rem' }}>
                  <Badge
                    color={color}
                    variant="outline"
                    tt="none"
                    h="auto"
                    styles={{ label: { whiteSpace: 'normal' } }}
                  >
                    Missed: {mark.label}
                  </Badge>
                  <Text
                    size="sm"
                    fs="italic"
                    td="underline"
                    style={{ textDecorationStyle: 'dashed', overflowWrap: 'anywhere' }}
                  >
                    “{mark.text}”
                  </Text>
                </Stack>
                {onRemove ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`Remove “${mark.text}” (Missed: ${mark.label})`}
                    onClick={() => {
                      removing.current = true;
                      onRemove(mark);
                    }}
                  >
                    Remove
                  </Button>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
