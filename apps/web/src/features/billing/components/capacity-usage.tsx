import {
  dollarsToCents,
  formatUsd,
  HOLD_LABELS,
  periodLabel,
  spentPercent,
  type CapacityStatus,
} from '@fieldbot/shared';
import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';

function colorOf(percent: number): string {
  if (percent >= 100) return 'red';
  if (percent >= 80) return 'yellow';
  return 'blue';
}

function LimitBar({
  name,
  spent,
  limitDollars,
}: {
  name: string;
  spent: number;
  limitDollars: number | null;
}) {
  if (limitDollars === null) {
    return (
      <Text size="sm" c="dimmed">
        {`${name}: not set`}
      </Text>
    );
  }
  const limit = dollarsToCents(limitDollars);
  const percent = spentPercent(spent, limit);
  const shown = Math.min(100, percent);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {`${name}: ${formatUsd(limit)}`}
        </Text>
        <Text size="sm" c="dimmed">{`${Math.floor(percent)} % used`}</Text>
      </Group>
      {/* The section is the progressbar; its text value belongs on it, not on the root. */}
      <Progress.Root size="lg" radius="xl">
        <Progress.Section
          value={shown}
          color={colorOf(percent)}
          aria-label={`${name} used`}
          aria-valuetext={`${formatUsd(spent)} of ${formatUsd(limit)} (${Math.floor(percent)} %)`}
        />
      </Progress.Root>
    </Stack>
  );
}

/** This billing month's metered spend against the limits, and why queued work waits, if it does. */
export function CapacityUsage({ status }: { status: CapacityStatus }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="capacity-usage-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="capacity-usage-title">
            {`Spend this month (${periodLabel(status.period)})`}
          </Title>
          <Text size="xl" fw={700} mt={4} data-testid="capacity-spent">
            {formatUsd(status.spent_cents)}
          </Text>
          <Text size="sm" c="dimmed">
            {`Recorded minutes ${formatUsd(status.minutes_cents)} · Bot runs ${formatUsd(status.bot_runs_cents)}`}
          </Text>
        </div>
        <LimitBar
          name="Soft Capacity"
          spent={status.spent_cents}
          limitDollars={status.soft_capacity}
        />
        <LimitBar
          name="Hard Capacity"
          spent={status.spent_cents}
          limitDollars={status.hard_capacity}
        />
        {status.hold ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconPlayerPause aria-hidden />}
            title={HOLD_LABELS[status.hold]}
            role="status"
          >
            {status.hold === 'hard_capacity'
              ? `${status.paused_items} queued item(s) wait. Nothing is lost: they resume by themselves when the hard capacity is raised or the month turns.`
              : `${status.paused_items} queued item(s) wait. Nothing is lost: they resume once the payment due is paid.`}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
