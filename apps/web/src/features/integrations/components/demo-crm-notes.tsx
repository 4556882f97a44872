import { Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { TableError } from '@/components/data-table';
import { formatTimestamp } from '@/lib/format-date';
import { useDemoCrmNotes } from '../api/crm-writeback';

/** The notes the Demo CRM holds (it has no screens of its own): the latest first. */
export function DemoCrmNotesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const notes = useDemoCrmNotes({ enabled: opened });

  let body;
  if (notes.isError && !notes.data) {
    body = <TableError error={notes.error} onRetry={() => void notes.refetch()} />;
  } else if (!notes.data) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading notes">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  } else if (notes.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No notes yet. They appear here once a bot whose results go to the CRM finishes a run.
      </Text>
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notes.data.map((note) => (
          <Paper key={note.id} withBorder radius="sm" p="sm" component="li">
            <Text size="xs" c="dimmed">
              On {note.target_kind} {note.target_external_id} · {formatTimestamp(note.updated_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.text}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Demo CRM notes" size="lg">
      {body}
    </Modal>
  );
}
