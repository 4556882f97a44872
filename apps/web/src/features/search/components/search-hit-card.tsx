import {
  customerInteractionPath,
  interactionAtPath,
  interactionTypeLabel,
  type SearchHit,
} from '@fieldbot/shared';
import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatTimestamp } from '@/lib/format-date';
import { MatchingLine } from './matching-line';

const moreLines = (count: number) => `+${count} more matching line${count === 1 ? '' : 's'}`;

/** One matching interaction: whose, what, by whom and when, then its matching lines. */
export function SearchHitCard({ hit }: { hit: SearchHit }) {
  const titleId = useId();
  const first = hit.lines[0];
  const opens = first
    ? interactionAtPath(hit.customer_id, hit, first.start_seconds)
    : customerInteractionPath(hit.customer_id, hit);
  const meta = [hit.interaction_id, hit.recording_by && `By ${hit.recording_by}`]
    .filter(Boolean)
    .join(' · ');

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={opens} inherit>
              {hit.customer_name}
              {/* Several hits may share a customer: the id tells their links apart. */}
              <VisuallyHidden>{`, ${hit.interaction_id}`}</VisuallyHidden>
            </Anchor>
          </Title>
          <Badge variant="light" tt="none">
            {interactionTypeLabel(hit.type, hit.call_type)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {meta}
          {meta ? ' · ' : ''}
          <time dateTime={hit.started_at}>{formatTimestamp(hit.started_at)}</time>
        </Text>
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {hit.lines.map((line) => (
            <li key={line.position}>
              <MatchingLine hit={hit} line={line} />
            </li>
          ))}
        </Stack>
        {hit.more_lines > 0 ? (
          <Text size="xs" c="dimmed">
            {moreLines(hit.more_lines)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
