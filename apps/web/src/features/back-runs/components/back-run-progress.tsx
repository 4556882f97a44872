import type { BackRun } from '@fieldbot/shared';
import { Alert, Button, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/notify';
import { useBackRun } from '../api/get-back-run';
import { useCancelBackRun } from '../api/cancel-back-run';

const STATUS_TEXT: Record<BackRun['status'], string> = {
  running: 'Running…',
  completed: 'Completed.',
  cancelled: 'Cancelled.',
};

/** Share of the interactions finished (successfully or not), 0..100. */
export const progressPercent = (run: Pick<BackRun, 'done' | 'failed' | 'total'>) =>
  run.total === 0 ? 100 : Math.min(100, Math.round(((run.done + run.failed) / run.total) * 100));

export interface BackRunProgressProps {
  backRunId: string;
  onClose: () => void;
}

/** A started back-run: progress bar polled every few seconds while running, and Cancel. */
export function BackRunProgress({ backRunId, onClose }: BackRunProgressProps) {
  const backRun = useBackRun(backRunId);
  const cancel = useCancelBackRun();
  const run = backRun.data;

  if (!run) {
    if (backRun.isError) {
      return (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(backRun.error)}
        </Alert>
      );
    }
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading back-run">
        <Skeleton height={16} />
        <Skeleton height={12} width="60%" />
      </Stack>
    );
  }

  const percent = progressPercent(run);
  const running = run.status === 'running';
  return (
    <Stack>
      <Text fw={600}>
        {run.bot_name} · {run.from} to {run.to}
      </Text>
      <Progress
        value={percent}
        animated={running}
        aria-label="Back-run progress"
        aria-valuetext={`${run.done + run.failed} of ${run.total} interactions finished`}
        size="lg"
      />
      <Text role="status" aria-live="polite">
        {`${STATUS_TEXT[run.status]} ${run.done} done · ${run.failed} failed · ${run.total} total`}
      </Text>
      {backRun.isError ? (
        <Text size="sm" c="red">
          {`Progress could not be refreshed: ${errorMessage(backRun.error)}`}
        </Text>
      ) : null}
      {cancel.isError ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {errorMessage(cancel.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {running ? (
          <Button
            color="red"
            variant="light"
            onClick={() => cancel.mutate(run.id)}
            loading={cancel.isPending}
          >
            Cancel back-run
          </Button>
        ) : null}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      {running ? (
        <Text size="xs" c="dimmed">
          Closing this dialog does not stop the back-run.
        </Text>
      ) : null}
    </Stack>
  );
}
