import type { BotVersion, TagAccuracy } from '@fieldbot/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { hasNoMarks, markCounts, percentOrDash } from '../lib/accuracy';

export const NO_MARKS_YET = 'No marks yet';

const COLUMNS: DataTableColumn<TagAccuracy>[] = [
  { key: 'label', header: 'Tag', render: (t) => t.label },
  { key: 'precision', header: 'Precision', render: (t) => percentOrDash(t.precision) },
  { key: 'recall', header: 'Recall', render: (t) => percentOrDash(t.recall) },
  {
    key: 'n',
    header: 'Marks',
    render: (t) => (
      <div>
        <Text size="sm" fw={600} span>
          {t.n}
        </Text>
        <Text size="xs" c="dimmed">
          {markCounts(t)}
        </Text>
      </div>
    ),
  },
];

/**
 * Per version and tag, precision and recall estimated from every company's reviewer marks: Correct
 * and Wrong on highlights, words marked Missed (ADR 024). Newest version first.
 */
export function TagAccuracySection({ versions }: { versions: readonly BotVersion[] }) {
  const newestFirst = [...versions].sort((a, b) => b.number - a.number);
  return (
    <Stack gap="xs" component="section" aria-labelledby="tag-accuracy-title">
      <Title order={2} size="h4" id="tag-accuracy-title">
        Accuracy by tag
      </Title>
      <Text size="sm" c="dimmed">
        Precision: of the highlights reviewers marked, how many were right. Recall: of what should
        have been found, how much the bot found (words marked Missed count against it).
      </Text>
      {newestFirst.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" ta="center">
            Publish a version to see how reviewers mark it.
          </Text>
        </Paper>
      ) : (
        newestFirst.map((version) => (
          <Stack key={version.number} gap={6}>
            <Title order={3} size="h5">
              {`v${version.number}`}
            </Title>
            {hasNoMarks(version.tag_accuracy) ? (
              <Paper withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {NO_MARKS_YET}
                </Text>
              </Paper>
            ) : (
              <DataTable
                rowsName={`Tag accuracy of v${version.number}`}
                columns={COLUMNS}
                rows={version.tag_accuracy}
                rowKey={(t) => String(t.tag_id)}
              />
            )}
          </Stack>
        ))
      )}
    </Stack>
  );
}
