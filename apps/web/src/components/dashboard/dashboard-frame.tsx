import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DashboardError } from './dashboard-error';
import { DashboardMonthBar } from './dashboard-month-bar';
import type { DashboardMonth } from './use-dashboard-month';

/** What the frame reads of a dashboard page's query (a TanStack Query result). */
export interface DashboardFrameQuery {
  data?: { month: string; refreshed_at: string };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface DashboardFrameProps {
  /** The page's useDashboardMonth(). */
  picker: Pick<DashboardMonth, 'month' | 'setMonth'>;
  query: DashboardFrameQuery;
  /** The figures, lists and charts. */
  children: ReactNode;
}

/**
 * A dashboard page's frame, the same for the company and the publisher: the month bar, then the
 * figures, or the error with Try again in their place. While another month loads, the one shown
 * stays, dimmed.
 */
export function DashboardFrame({ picker, query, children }: DashboardFrameProps) {
  return (
    <Stack gap="md">
      <DashboardMonthBar
        month={picker.month}
        answeredMonth={query.data?.month}
        onChange={picker.setMonth}
        refreshedAt={query.data?.refreshed_at}
      />
      {query.isError ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack
          gap="md"
          aria-busy={query.isFetching || undefined}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {children}
        </Stack>
      )}
    </Stack>
  );
}
