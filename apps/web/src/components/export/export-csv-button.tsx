import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { buildUrl, type QueryValue } from '@/lib/http';

export interface ExportCsvButtonProps {
  /** The export route (packages/shared exports/csv-export.ts). */
  path: string;
  /** The list's query as on screen; its page is left out (an export holds every page). */
  query: Record<string, QueryValue> & { page?: number };
}

/**
 * Downloads the list as on screen as a CSV file: a plain link, so the browser streams the file
 * to disk with the session cookie instead of the app holding it in memory.
 */
export function ExportCsvButton({ path, query }: ExportCsvButtonProps) {
  const { page: _page, ...filters } = query;
  return (
    <Button
      component="a"
      href={buildUrl(path, filters)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
    >
      Export CSV
    </Button>
  );
}
