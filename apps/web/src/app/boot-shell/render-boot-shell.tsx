import { customerListQuerySchema } from '@fieldbot/shared';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { parseListQuery } from '@/components/data-table/use-list-query';
import type { PageHeader } from '@/components/layout/page-header';
import { CustomersTable } from '@/features/customers/components/customers-table';
import { CUSTOMERS_PAGE_HEADER } from '@/features/customers/pages/customers-page';
import { InteractionSkeleton } from '@/features/interactions/components/interaction-skeleton';
import { INTERACTION_PAGE_HEADER } from '@/features/interactions/pages/interaction-detail-page';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { BootShell } from './boot-shell';

const noop = () => undefined;

/**
 * The pages that have a boot shell, by the name src/app/route-preloads.json gives them: each page's
 * header and what the page itself draws while its data loads.
 */
export const BOOT_SHELL_PAGES: Record<string, { header: PageHeader; body: () => ReactNode }> = {
  customers: {
    header: CUSTOMERS_PAGE_HEADER,
    body: () => (
      <CustomersTable
        query={parseListQuery(customerListQuerySchema, new URLSearchParams())}
        onQueryChange={noop}
        data={undefined}
        loading
        fetching={false}
        error={null}
        onRetry={noop}
      />
    ),
  },
  interaction: { header: INTERACTION_PAGE_HEADER, body: () => <InteractionSkeleton /> },
};

/** The HTML of a page's boot shell (run by the web build through Vite's SSR loader). */
export function renderBootShell(name: string): string {
  const page = BOOT_SHELL_PAGES[name];
  if (!page) throw new Error(`No boot shell named '${name}'`);
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MemoryRouter>
        <BootShell title={page.header.title} enableReturn={page.header.enableReturn}>
          {page.body()}
        </BootShell>
      </MemoryRouter>
    </MantineProvider>,
  );
}
