import { INTERACTION_MESSAGES, formatTimestamp } from '@fieldbot/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import { uploadRecordingChunk } from '../api/upload-recording-chunk';
import { ChunkUploadQueue, type ChunkQueueState } from '../lib/chunk-queue';
import { completeRecording, completeRecordingError } from '../lib/complete-recording';
import {
  deletePendingRecording,
  holdPendingRecording,
  loadChunks,
  releasePendingRecording,
  saveChunk,
  type PendingRecording,
} from '../lib/pending-recordings';
import { pendingRecordingsQueryKey, usePendingRecordings } from '../lib/use-pending-recordings';
import { EMPTY_QUEUE } from '../lib/use-visit-recorder';

export const PENDING_RECORDING_MESSAGES = {
  title: 'Recording not uploaded yet',
  body: (startedAt: string) =>
    `Your recording is saved on this device (started ${formatTimestamp(startedAt)}), but it has not finished uploading. Finish uploading it to add it to this customer.`,
} as const;

export interface PendingRecordingsProps {
  userId: string;
  customerId: string;
  onSaved?: (interactionId: string) => void;
}

/** Offers to finish uploading (or to discard) the recordings of this customer kept on the device. */
export function PendingRecordings({ userId, customerId, onSaved }: PendingRecordingsProps) {
  const pending = usePendingRecordings(userId, customerId);
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: pendingRecordingsQueryKey(userId, customerId) });
  if (!pending.data?.length) return null;
  return (
    <Stack gap="sm">
      {pending.data.map((recording) => (
        <PendingRecordingAlert
          key={recording.id}
          recording={recording}
          onDone={(interactionId) => {
            refresh();
            if (interactionId) onSaved?.(interactionId);
          }}
        />
      ))}
    </Stack>
  );
}

function PendingRecordingAlert({
  recording,
  onDone,
}: {
  recording: PendingRecording;
  onDone: (interactionId: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queue, setQueue] = useState<ChunkQueueState>(EMPTY_QUEUE);
  const active = useRef<ChunkUploadQueue | null>(null);

  useEffect(() => {
    holdPendingRecording(recording.id);
    return () => {
      active.current?.cancel();
      releasePendingRecording(recording.id);
    };
  }, [recording.id]);

  const finish = async () => {
    setBusy(true);
    setError(null);
    const chunks = await loadChunks(recording.id);
    if (chunks.length === 0) {
      // Stopped before the first chunk: there is no audio to save.
      await deletePendingRecording(recording.id);
      onDone(null);
      return;
    }
    const uploads = new ChunkUploadQueue({
      initial: chunks,
      upload: (position, blob) => uploadRecordingChunk(position, blob, recording.format),
      onUploaded: (position, fileUrl) =>
        void saveChunk(recording.id, position, { blob: null, fileUrl }),
      onChange: setQueue,
    });
    active.current = uploads;
    setQueue(uploads.state);
    try {
      const { data } = await completeRecording(uploads, recording);
      notifySuccess(INTERACTION_MESSAGES.recordingSaved);
      onDone(data.id);
    } catch (cause) {
      if (active.current !== uploads) return;
      setError(completeRecordingError(cause));
      setBusy(false);
    }
  };

  const discard = async () => {
    active.current?.cancel();
    await deletePendingRecording(recording.id);
    onDone(null);
  };

  return (
    <Alert
      color={error ? 'red' : undefined}
      variant="light"
      icon={error ? <IconAlertCircle aria-hidden /> : <IconDeviceFloppy aria-hidden />}
      title={PENDING_RECORDING_MESSAGES.title}
      role="region"
      aria-label={PENDING_RECORDING_MESSAGES.title}
    >
      <Stack gap="xs">
        <Text size="sm">{PENDING_RECORDING_MESSAGES.body(recording.startedAt)}</Text>
        {busy ? (
          <Text size="sm" role="status">
            {`${queue.uploaded} of ${queue.total} parts uploaded`}
          </Text>
        ) : null}
        {error ? (
          <Text size="sm" fw={600} role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button size="xs" onClick={() => void finish()} loading={busy}>
            {error ? 'Retry' : 'Finish uploading'}
          </Button>
          <Button size="xs" variant="default" onClick={() => void discard()} disabled={busy}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
