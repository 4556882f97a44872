import { customerListQuerySchema, interactionListQuerySchema } from '@fieldbot/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseListQuery } from '@/components/data-table/use-list-query';
import { getCustomer } from '@/features/customers/api/get-customer';
import { getCustomerInteractions } from '@/features/customers/api/get-customer-interactions';
import { getCustomers } from '@/features/customers/api/get-customers';
import { getCompanyDashboard } from '@/features/company-dashboard/api/get-company-dashboard';
import { getPublisherDashboard } from '@/features/publisher-dashboard/api/get-publisher-dashboard';
import { getIntegrations } from '@/features/integrations/api/get-integrations';
import { getInteraction } from '@/features/interactions/api/get-interaction';
import { getSearchFilters } from '@/features/search/api/get-search-filters';
import { mockFetch } from '@/test/fetch-mock';
import table from './route-preloads.json';

afterEach(() => vi.unstubAllGlobals());

/** The URL each fetcher requested, in order (the answers do not matter). */
async function requested(...calls: (() => Promise<unknown>)[]): Promise<string[]> {
  const { calls: made } = mockFetch(() => new Response(null, { status: 500 }));
  for (const call of calls) await call().catch(() => undefined);
  return made.map((c) => c.url);
}

const readsOf = (pattern: string) => table.pages.find((p) => p.pattern === pattern)?.reads;
const noQuery = new URLSearchParams();

describe('the API reads the server preloads with a page (ADR 013)', () => {
  it('are the URLs the customers page fetches with no query string', async () => {
    const urls = await requested(() =>
      getCustomers(parseListQuery(customerListQuerySchema, noQuery)),
    );
    expect(readsOf('/customers')).toEqual(urls);
  });

  it("are the URLs a customer's page fetches, with :customerId from the path", async () => {
    const urls = await requested(
      () => getCustomer('CID'),
      () => getCustomerInteractions('CID', parseListQuery(interactionListQuerySchema, noQuery)),
    );
    const reads = readsOf('/customers/:customerId')?.map((r) => r.replace(':customerId', 'CID'));
    expect(reads).toEqual(urls);
  });

  it("are the URL the search page fetches before any search (the filters' options)", async () => {
    expect(readsOf('/search')).toEqual(await requested(() => getSearchFilters()));
  });

  it('are the URL every interaction page fetches', async () => {
    const [url] = await requested(() => getInteraction('IID', 'field-recording'));
    const interactionPages = table.pages.filter((p) => p.pattern.includes(':interactionId'));
    expect(interactionPages).toHaveLength(3);
    for (const page of interactionPages) {
      const reads = page.reads.map((r) =>
        r.replace(':interactionId', 'IID').replace(':interactionType', 'field-recording'),
      );
      expect(reads, page.pattern).toEqual([url]);
    }
  });

  it('are the URL the integrations tab fetches', async () => {
    const urls = await requested(() => getIntegrations());
    expect(readsOf('/settings/integrations')).toEqual(urls);
  });

  it('are the URLs the dashboards fetch with no month chosen (this month, decided by the server)', async () => {
    expect(readsOf('/company/dashboard')).toEqual(await requested(() => getCompanyDashboard({})));
    expect(readsOf('/publisher/dashboard')).toEqual(
      await requested(() => getPublisherDashboard({})),
    );
  });
});
