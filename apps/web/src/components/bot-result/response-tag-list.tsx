import type { FeedbackVerdict, ResponseTag, SpanMatch } from '@fieldbot/shared';
import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  type MantineColor,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

const MATCH_LABELS: Record<SpanMatch, string> = {
  exact: 'Exact match',
  normalised: 'Normalised match',
  fuzzy: 'Fuzzy match',
};

export function matchLabel(tag: Pick<ResponseTag, 'match' | 'score'>): string {
  const label = MATCH_LABELS[tag.match];
  return tag.match === 'fuzzy' ? `${label} (${Math.round(tag.score * 100)}%)` : label;
}

const VERDICTS: {
  verdict: FeedbackVerdict;
  label: string;
  color: MantineColor;
  icon: typeof IconCheck;
}[] = [
  { verdict: 'correct', label: 'Correct', color: 'green', icon: IconCheck },
  { verdict: 'wrong', label: 'Wrong', color: 'red', icon: IconX },
];

export interface ResponseTagListProps {
  tags: readonly ResponseTag[];
  color: MantineColor;
  /** Jump to the quote in the transcript (interaction page); absent where there is none. */
  onJump?: (tag: ResponseTag) => void;
  /** Reviewers mark a tag; absent for users who may not. */
  onMark?: (position: number, verdict: FeedbackVerdict | null) => void;
}

/** Response tags: each quoted span with the output tag it supports and how it was matched. */
export function ResponseTagList({ tags, color, onJump, onMark }: ResponseTagListProps) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {tags.map((tag, position) => (
        <Paper
          component="li"
          key={`${tag.index_start}-${tag.index_end}-${position}`}
          withBorder
          radius="sm"
          p="sm"
          style={{ borderInlineStart: `4px solid var(--mantine-color-${color}-filled)` }}
        >
          <Stack gap={6}>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Badge color={color} variant="light" tt="none">
                {tag.label}
              </Badge>
              <Text size="xs" c="dimmed">
                {matchLabel(tag)}
              </Text>
            </Group>
            {onJump ? (
              <UnstyledButton
                onClick={() => onJump(tag)}
                title="Play this moment"
                style={{ textAlign: 'start' }}
              >
                <Text size="sm" fs="italic" td="underline">
                  “{tag.text}”
                </Text>
              </UnstyledButton>
            ) : (
              <Text size="sm" fs="italic">
                “{tag.text}”
              </Text>
            )}
            <Feedback tag={tag} position={position} onMark={onMark} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function Feedback({
  tag,
  position,
  onMark,
}: {
  tag: ResponseTag;
  position: number;
  onMark: ResponseTagListProps['onMark'];
}) {
  if (!onMark) {
    const marked = VERDICTS.find((v) => v.verdict === tag.verdict);
    return marked ? (
      <Text size="xs" c="dimmed">
        Reviewer: {marked.label}
      </Text>
    ) : null;
  }
  return (
    <Group gap="xs" role="group" aria-label={`Feedback on “${tag.text}”`}>
      {VERDICTS.map(({ verdict, label, color, icon: Icon }) => {
        const pressed = tag.verdict === verdict;
        return (
          <Button
            key={verdict}
            size="compact-xs"
            color={color}
            variant={pressed ? 'filled' : 'default'}
            aria-pressed={pressed}
            leftSection={<Icon size={14} aria-hidden />}
            // Pressing the chosen mark again clears it.
            onClick={() => onMark(position, pressed ? null : verdict)}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
