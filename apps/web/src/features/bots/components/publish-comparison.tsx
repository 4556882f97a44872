import type { PublishComparison, TagComparison } from '@fieldbot/shared';
import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconTrendingDown } from '@tabler/icons-react';
import { errorMessage } from '@/lib/notify';
import { usePublishPreview } from '../api/get-publish-preview';
import { percentOrDash } from '../lib/accuracy';

export const NO_LABELLED_EXAMPLES = 'No labelled examples to compare on.';
export const DROPPED = 'Dropped';

type Figures = TagComparison['after'];

/** "80% → 60%"; a first version has no "before" ('—'). */
export function beforeAfter(before: Figures | null, after: Figures, figure: keyof Figures): string {
  return `${before ? percentOrDash(before[figure]) : '—'} → ${percentOrDash(after[figure])}`;
}

/** One line per dropped tag: 'Plan offered: precision 80% → 60%, recall 70% → 70%'. */
export const dropLine = (tag: TagComparison) =>
  `${tag.label}: precision ${beforeAfter(tag.before, tag.after, 'precision')}, recall ${beforeAfter(tag.before, tag.after, 'recall')}`;

/**
 * The Publish dialog's comparison: fetched when the dialog opens, or the one a refused publish
 * (409) answered with, which is newer.
 */
export function PublishComparisonPanel({
  botId,
  refused,
}: {
  botId: string;
  /** The comparison of a publish refused for a drop. */
  refused: PublishComparison | null;
}) {
  const preview = usePublishPreview(botId);
  if (refused) return <ComparisonTable comparison={refused} />;
  if (preview.isPending) {
    return (
      <Stack gap={6} role="status" aria-label="Comparing with the previous version">
        <Skeleton height={14} width="60%" />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  }
  if (preview.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            The comparison with the previous version could not be made:{' '}
            {errorMessage(preview.error)}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <ComparisonTable comparison={preview.data} />;
}

function ComparisonTable({ comparison }: { comparison: PublishComparison }) {
  if (comparison.examples === 0 || comparison.tags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {NO_LABELLED_EXAMPLES}
      </Text>
    );
  }
  const examples =
    comparison.examples === 1 ? '1 labelled example' : `${comparison.examples} labelled examples`;
  const caption =
    comparison.previous_version === null
      ? `First version: its figures on ${examples}.`
      : `Before (v${comparison.previous_version}) and after (this draft), on ${examples}.`;
  return (
    <Table
      fz="sm"
      horizontalSpacing="xs"
      verticalSpacing={6}
      captionSide="top"
      aria-label="Before and after, per tag"
    >
      <Table.Caption style={{ textAlign: 'start' }}>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tag</Table.Th>
          <Table.Th>Precision</Table.Th>
          <Table.Th>Recall</Table.Th>
          <Table.Th>Examples</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {comparison.tags.map((tag) => (
          <Table.Tr
            key={tag.tag_id}
            bg={tag.dropped ? 'var(--mantine-color-red-light)' : undefined}
          >
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {tag.label}
              {tag.dropped ? (
                <Group gap={4} wrap="nowrap" c="var(--mantine-color-red-light-color)">
                  <IconTrendingDown size={14} aria-hidden />
                  <Text span size="xs" fw={600}>
                    {DROPPED}
                  </Text>
                </Group>
              ) : null}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {beforeAfter(tag.before, tag.after, 'precision')}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {beforeAfter(tag.before, tag.after, 'recall')}
            </Table.Td>
            <Table.Td>{tag.n}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
