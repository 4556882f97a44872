import { INTERACTION_MESSAGES, formatPlayerTime } from '@fieldbot/shared';
import { Alert, Box, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react';
import { notifySuccess } from '@/lib/notify';
import { useLevelMeter } from '../lib/use-level-meter';
import { useVisitRecorder } from '../lib/use-visit-recorder';

export interface RecordVisitButtonProps {
  customerId: string;
  onCreated?: (interactionId: string) => void;
}

/** 'Record Visit': records in the browser, uploading as it goes; Stop & Save creates the interaction. */
export function RecordVisitButton({ customerId, onCreated }: RecordVisitButtonProps) {
  const recorder = useVisitRecorder({
    customerId,
    onSaved: (id) => {
      notifySuccess(INTERACTION_MESSAGES.recordingSaved);
      onCreated?.(id);
    },
  });
  const level = useLevelMeter(recorder.stream);
  const { phase, queue } = recorder;
  // A stray click or key must not throw a visit away: while recording or saving only Cancel closes.
  const busy = phase === 'recording' || phase === 'saving' || phase === 'starting';

  return (
    <>
      <Button
        leftSection={<IconMicrophone size={18} aria-hidden />}
        onClick={() => void recorder.start()}
        disabled={phase !== 'idle'}
      >
        Record Visit
      </Button>
      <Modal
        opened={phase !== 'idle'}
        onClose={recorder.cancel}
        title="Record Visit"
        centered
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
      >
        <Stack gap="md">
          {phase === 'starting' ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Waiting for the microphone…</Text>
            </Group>
          ) : null}

          {phase === 'recording' || phase === 'saving' || phase === 'failed' ? (
            <Stack gap="xs" align="center">
              <Group gap="xs">
                {phase === 'recording' ? (
                  <Box w={10} h={10} bg="red" style={{ borderRadius: '50%' }} aria-hidden />
                ) : null}
                <Text fw={600}>{phase === 'recording' ? 'Recording' : 'Recorded'}</Text>
              </Group>
              <Text
                fz={32}
                ff="monospace"
                aria-label="Elapsed time"
                data-testid="recording-elapsed"
              >
                {formatPlayerTime(recorder.elapsed)}
              </Text>
              {phase === 'recording' && level !== null ? (
                <Progress
                  w="100%"
                  value={Math.round(level * 100)}
                  aria-label="Microphone level"
                  transitionDuration={80}
                />
              ) : null}
              <Text size="sm" c="dimmed" role="status" data-testid="upload-status">
                {queue.retrying
                  ? `Connection problem, retrying… (${queue.uploaded} of ${queue.total} parts uploaded)`
                  : `${queue.uploaded} of ${queue.total} parts uploaded`}
              </Text>
            </Stack>
          ) : null}

          {phase === 'saving' ? (
            <Group gap="sm" justify="center" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Saving the recording…</Text>
            </Group>
          ) : null}

          {recorder.error ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {recorder.error}
            </Alert>
          ) : null}

          <Group justify="flex-end">
            {phase === 'unavailable' ? (
              <Button variant="default" onClick={recorder.cancel}>
                Close
              </Button>
            ) : (
              <Button variant="default" onClick={recorder.cancel}>
                Cancel
              </Button>
            )}
            {phase === 'recording' || phase === 'saving' ? (
              <Button
                color="red"
                leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
                onClick={() => void recorder.stopAndSave()}
                loading={phase === 'saving'}
              >
                Stop & Save
              </Button>
            ) : null}
            {phase === 'failed' ? (
              <Button onClick={() => void recorder.retry()}>Retry</Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
