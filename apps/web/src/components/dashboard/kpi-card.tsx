import { change } from '@fieldbot/shared';
import { Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './kpi-card.module.css';
import { formatChange, formatCount } from './format';

/** Which way is good news: colours the change (the sign and arrow say the direction anyway). */
export type KpiTrend = 'up-is-good' | 'down-is-good' | 'neutral';

export interface KpiCardProps {
  label: string;
  /** This month's figure; null shows '–' (e.g. a ratio with nothing to divide by). */
  value: number | null;
  /** The previous month's figure, for the change line; undefined hides the line. */
  previous?: number | null;
  /** Formats `value` (counts by default; money: formatUsdCompact, ratios: formatPercent). */
  format?: (value: number) => string;
  /** A short note under the label, e.g. 'booked ÷ lead calls'. */
  hint?: string;
  /** The list behind the figure: the whole card becomes a link to it. */
  to?: string;
  trend?: KpiTrend;
  /** While the dashboard loads: skeletons for the value and the change. */
  loading?: boolean;
}

export const NO_VALUE = '–';

const CHANGE_COLORS: Record<KpiTrend, { up: string; down: string }> = {
  'up-is-good': { up: 'teal', down: 'red' },
  'down-is-good': { up: 'red', down: 'teal' },
  neutral: { up: 'dimmed', down: 'dimmed' },
};

function ChangeLine({
  value,
  previous,
  trend,
}: {
  value: number | null;
  previous: number | null;
  trend: KpiTrend;
}) {
  const fraction = change(value, previous);
  if (fraction === null) {
    return (
      <Text size="xs" c="dimmed">
        {`${NO_VALUE} vs previous month`}
      </Text>
    );
  }
  const direction = fraction > 0 ? 'up' : fraction < 0 ? 'down' : 'flat';
  const Icon =
    direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconMinus;
  const color = direction === 'flat' ? 'dimmed' : CHANGE_COLORS[trend][direction];
  return (
    <Group gap={4} wrap="nowrap" data-direction={direction}>
      {/* The icon takes the text colour; the sign says the direction without colour. */}
      <Text size="xs" c={color} fw={600} style={{ display: 'inline-flex', alignItems: 'center' }}>
        <Icon size={14} aria-hidden />
        {formatChange(fraction)}
      </Text>
      <Text size="xs" c="dimmed">
        vs previous month
      </Text>
    </Group>
  );
}

/** One KPI of a dashboard: label, this month's value and its change against the month before. */
export function KpiCard({
  label,
  value,
  previous,
  format = formatCount,
  hint,
  to,
  trend = 'up-is-good',
  loading = false,
}: KpiCardProps) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {loading ? (
        <>
          <Skeleton height={26} mt={6} width="60%" />
          <Skeleton height={12} mt={8} width="80%" />
        </>
      ) : (
        <>
          <Text size="xl" fw={700} mt={4}>
            {value === null ? NO_VALUE : format(value)}
          </Text>
          {previous !== undefined && <ChangeLine value={value} previous={previous} trend={trend} />}
        </>
      )}
    </>
  );
  if (to && !loading) {
    return (
      <Paper component={Link} to={to} withBorder radius="md" p="md" className={classes.link}>
        {body}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" aria-busy={loading || undefined}>
      {body}
    </Paper>
  );
}
