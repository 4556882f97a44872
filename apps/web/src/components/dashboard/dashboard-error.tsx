import { TableError } from '@/components/data-table/table-error';

export interface DashboardErrorProps {
  error: unknown;
  onRetry: () => void;
}

/** The dashboard failed to load: the server's message and Try again, in place of the figures. */
export function DashboardError({ error, onRetry }: DashboardErrorProps) {
  return (
    <section aria-label="Dashboard error">
      <TableError error={error} onRetry={onRetry} />
    </section>
  );
}
