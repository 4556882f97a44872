import { Group, Text } from '@mantine/core';
import { MonthPicker } from '@/components/month-picker';
import { formatTimestamp } from '@/lib/format-date';
import { shownMonth } from './use-dashboard-month';

export interface DashboardMonthBarProps {
  /** The chosen month (useDashboardMonth().month); null for this month. */
  month: string | null;
  /** The month of the server's answer (`data.month`), shown when none is chosen. */
  answeredMonth?: string;
  onChange: (value: string | null) => void;
  /** `data.refreshed_at`: when the figures were brought up to date. */
  refreshedAt?: string;
  /** Today, for tests. */
  now?: Date;
}

/** The dashboard's month picker, and how fresh the figures are. */
export function DashboardMonthBar({
  month,
  answeredMonth,
  onChange,
  refreshedAt,
  now,
}: DashboardMonthBarProps) {
  const today = now ?? new Date();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <MonthPicker
        label="Dashboard month"
        value={shownMonth(month, answeredMonth, today)}
        onChange={onChange}
        now={today}
      />
      {refreshedAt && (
        <Text size="xs" c="dimmed">
          {`Updated ${formatTimestamp(refreshedAt)}`}
        </Text>
      )}
    </Group>
  );
}
