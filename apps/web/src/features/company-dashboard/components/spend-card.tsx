import { formatUsd, nullableCents, spentPercent, type DashboardSpend } from '@fieldbot/shared';
import { Anchor, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Blue below the soft limit, yellow from it (the warning e-mail), red at the hard limit (paused). */
function barColor(spent: number, soft: number | null, hard: number | null): string {
  if (hard !== null && spent >= hard) return 'red';
  if (soft !== null && spent >= soft) return 'yellow';
  return 'blue';
}

export interface SpendCardProps {
  spend: DashboardSpend;
  /** The capacity settings, when the viewer may open them. */
  href?: string;
}

/**
 * The month's metered spend (the figure billing reports) against the capacity limits: one bar up to
 * the hard limit, or the soft one when only it is set.
 */
export function SpendCard({ spend, href }: SpendCardProps) {
  const soft = nullableCents(spend.soft_capacity);
  const hard = nullableCents(spend.hard_capacity);
  const ceiling = hard ?? soft;
  const percent = spentPercent(spend.spent_cents, ceiling);
  const limits = [
    soft === null ? 'Soft capacity not set' : `Soft ${formatUsd(soft)}`,
    hard === null ? 'Hard capacity not set' : `Hard ${formatUsd(hard)}`,
  ].join(' · ');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Spend So Far">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Spend So Far
          </Text>
          {href ? (
            <Anchor component={Link} to={href} size="sm">
              Capacity
            </Anchor>
          ) : null}
        </Group>
        <Group justify="space-between" gap="xs" align="baseline">
          <Text size="xl" fw={700}>
            {formatUsd(spend.spent_cents)}
          </Text>
          {ceiling === null ? null : (
            <Text size="sm" c="dimmed">{`${Math.floor(percent)}% used`}</Text>
          )}
        </Group>
        {ceiling === null ? null : (
          <Progress.Root size="lg" radius="xl">
            <Progress.Section
              value={Math.min(100, percent)}
              color={barColor(spend.spent_cents, soft, hard)}
              aria-label={hard === null ? 'Soft capacity used' : 'Hard capacity used'}
            />
          </Progress.Root>
        )}
        <Text size="xs" c="dimmed">
          {limits}
        </Text>
      </Stack>
    </Paper>
  );
}
