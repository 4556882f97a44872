import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expectNotTruncated, logIn, sidebar } from './support';

// Demo data (apps/server/src/seed/demo-interactions.ts): Acme has 40 customers C-10001..C-10040;
// C-10001 'Lakeside Property Management' has 72 interactions, the newest a completed field recording.
const CUSTOMERS = 40;
const BIG_CUSTOMER = { name: 'Lakeside Property Management', id: 'C-10001', interactions: 72 };

/** The text of one column (1-based) of a table's body rows, once no newer page is loading. */
async function column(table: Locator, index: number): Promise<string[]> {
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table.locator(`tbody tr td:nth-child(${index})`).allTextContents();
}

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The total of 'Showing x to y of z entries'. */
async function totalEntries(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d+ to \d+ of \d+ entries$/).textContent();
  return Number(/of (\d+) entries/.exec(text ?? '')![1]);
}

test('customers: search, sort and page in the URL, then filter, search, sort and page interactions', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO_ACCOUNTS.admin);
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers');
  const customers = page.getByRole('table', { name: 'Customers' });
  await expect(page.getByText(`Showing 1 to 10 of ${CUSTOMERS} entries`)).toBeVisible();
  await expect(customers.locator('tbody tr')).toHaveCount(10);

  // Search (debounced): the keyword lands in the URL and every row matches it.
  const search = page.getByRole('textbox', { name: 'Search customers' });
  await search.fill('an');
  await expect(page).toHaveURL((url) => url.searchParams.get('keyword') === 'an');
  await expect.poll(() => totalEntries(page)).toBeLessThan(CUSTOMERS);
  const matches = await totalEntries(page);
  expect(matches).toBeGreaterThan(10);
  for (const name of await column(customers, 1)) expect(name.toLowerCase()).toContain('an');

  // Sort by Customer ID: ascending, then descending.
  const idHeader = customers.getByRole('columnheader', { name: 'Customer ID' });
  await customers.getByRole('button', { name: 'Customer ID' }).click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  await customers.getByRole('button', { name: 'Customer ID' }).click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('sort_by') === 'customer_id' &&
      url.searchParams.get('sort_direction') === 'desc',
  );
  await expect
    .poll(async () => {
      const ids = await column(customers, 2);
      return ids.join() === [...ids].sort().reverse().join() ? ids.length : 0;
    })
    .toBe(10);
  const firstPageIds = await column(customers, 2);

  // Page 2: the rest of the matches, after the first page's ids.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  await expect(
    page.getByText(`Showing 11 to ${Math.min(20, matches)} of ${matches}`),
  ).toBeVisible();
  const secondPageIds = await column(customers, 2);
  expect(secondPageIds.length).toBe(Math.min(10, matches - 10));
  for (const id of secondPageIds) expect(id < firstPageIds.at(-1)!).toBe(true);

  // Back restores page 1, then the ascending sort, then no sort, then no keyword.
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
  await expect.poll(() => column(customers, 2)).toEqual(firstPageIds);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goBack();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.goBack();
  await expect(customers.getByRole('columnheader', { name: 'Customer Name' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(searchParams(page).get('keyword')).toBe('an');
  await page.goBack();
  await expect(page).toHaveURL((url) => url.search === '');
  await expect(search).toHaveValue('');
  await expect(page.getByText(`Showing 1 to 10 of ${CUSTOMERS} entries`)).toBeVisible();

  // Open the big customer.
  await search.fill(BIG_CUSTOMER.name);
  await customers.getByRole('link', { name: BIG_CUSTOMER.name }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerPath = new URL(page.url()).pathname;
  const card = page.getByRole('region', { name: 'Customer details' });
  await expect(card.getByText(BIG_CUSTOMER.id)).toBeVisible();
  await expect(card.getByText(BIG_CUSTOMER.name)).toBeVisible();
  await expect(page.getByText('No Bot Result Generated')).toBeVisible();

  const interactions = page.getByRole('table', { name: 'Interactions' });
  await expect(
    page.getByText(`Showing 1 to 10 of ${BIG_CUSTOMER.interactions} entries`),
  ).toBeVisible();
  // At 1,280 px every status badge shows its whole word (never 'COMPLET…').
  await expectNotTruncated(interactions.locator('.mantine-Badge-label'));

  // Filter: CSR calls only.
  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('radio', { name: 'CSR Call' }).check();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('type') === 'csr-call');
  await expect(page.getByText('Filter Selected')).toBeVisible();
  await expect.poll(() => totalEntries(page)).toBeLessThan(BIG_CUSTOMER.interactions);
  const calls = await totalEntries(page);
  for (const type of await column(interactions, 2)) expect(type).toMatch(/^CSR Call/);

  // Sort by Recording Length and page.
  await interactions.getByRole('button', { name: 'Recording Length' }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('sort_by') === 'duration' &&
      url.searchParams.get('sort_direction') === 'asc',
  );
  if (calls > 10) {
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(page.getByText(`Showing 11 to ${Math.min(20, calls)} of ${calls}`)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
    await expect(page.getByText(`Showing 1 to 10 of ${calls} entries`)).toBeVisible();
  }

  // Clear All drops the filter; a search by an interaction id finds just that one.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('type'));
  await expect(page.getByText('Filter Selected')).toBeHidden();
  await expect(
    page.getByText(`Showing 1 to 10 of ${BIG_CUSTOMER.interactions} entries`),
  ).toBeVisible();
  const someId = (await column(interactions, 1))[3]!;
  await page.getByRole('textbox', { name: 'Search interactions' }).fill(someId);
  await expect(page).toHaveURL((url) => url.searchParams.get('keyword') === someId);
  await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
  await expect.poll(() => column(interactions, 1)).toEqual([someId]);

  // Back to the unfiltered list: the newest interaction is a completed recording; open it.
  await page.goto(customerPath);
  await expect(interactions.getByRole('columnheader', { name: 'Timestamp' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const newest = interactions.locator('tbody tr').first();
  await expect(newest.getByRole('cell').last()).toHaveText(/Completed/i);
  const link = newest.getByRole('link');
  await expect(link).not.toHaveAttribute('aria-disabled', 'true');
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`^[^?]*${customerPath}/interaction/[0-9a-f-]{36}/field-recording$`),
  );
});

test('an interaction that is not ready shows why instead of opening', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/customers' });
  await page.getByRole('textbox', { name: 'Search customers' }).fill(BIG_CUSTOMER.name);
  await page.getByRole('link', { name: BIG_CUSTOMER.name }).click();
  const interactions = page.getByRole('table', { name: 'Interactions' });
  await expect(interactions.locator('tbody tr')).toHaveCount(10);

  // Unfinished work is the most recent: sorted by Timestamp, the first pages hold some.
  const disabled = interactions.locator('[aria-disabled="true"]').first();
  for (let next = 2; (await disabled.count()) === 0 && next <= 3; next++) {
    await page.getByRole('button', { name: `Page ${next}` }).click();
    await expect(page.getByText(`Showing ${next * 10 - 9} to`)).toBeVisible();
  }
  const before = page.url();
  await disabled.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    /Wait for the recording to get complete\.|The Recording download failed|currently downloading|still being processed/,
  );
  await disabled.click({ force: true });
  expect(page.url()).toBe(before);
});

test('Re Download fetches a failed CSR call again and the list follows it to completed', async ({
  page,
}) => {
  // The call (a demo clip of up to 53 s) is transcribed offline: about 20 s of CPU on a busy machine.
  test.setTimeout(240_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/customers' });
  await page.getByRole('textbox', { name: 'Search customers' }).fill(BIG_CUSTOMER.name);
  await page.getByRole('link', { name: BIG_CUSTOMER.name }).click();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page
    .getByRole('dialog', { name: 'Filters' })
    .getByRole('radio', { name: 'CSR Call' })
    .check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('type') === 'csr-call');

  // The failed downloads are spread over the calls' pages.
  const interactions = page.getByRole('table', { name: 'Interactions' });
  const redownload = interactions.getByRole('button', { name: /^Re Download / });
  await column(interactions, 1);
  for (let next = 2; (await redownload.count()) === 0 && next <= 5; next++) {
    await page.getByRole('button', { name: `Page ${next}` }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === String(next));
    await column(interactions, 1);
  }
  const button = redownload.first();
  const callId = (await button.getAttribute('aria-label'))!.replace('Re Download ', '');
  const row = interactions.locator('tbody tr').filter({
    has: page.getByText(callId, { exact: true }),
  });
  const link = row.getByRole('link', { name: callId });
  await expect(link).toHaveAttribute('aria-disabled', 'true');

  await button.click();
  // The list refetches at once: the call is downloading, or already fetched (the demo audio is local).
  await expect(row.getByRole('button', { name: `Re Download ${callId}` })).toBeHidden();
  await expect(row.getByRole('cell').last()).toHaveText(/Downloading|In Progress|Completed/i);
  // The worker merges it, transcribes it offline (pocketsphinx, the default) and completes it.
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell').last()).toHaveText(/Completed/i, { timeout: 10_000 });
  }).toPass({ timeout: 180_000 });
  await expect(link).not.toHaveAttribute('aria-disabled');
  await expect(row.getByRole('cell').nth(5)).not.toHaveText('--:--');
});

test('a bad customer id shows Customer not found, and a page past the end goes to the last page', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });

  for (const id of ['abc', '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/customers/${id}`);
    await expect(page.getByRole('heading', { name: 'Customer not found' })).toBeVisible();
    await expect(page.getByText('Please enter valid value')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);

  // The demo company has 40 customers: 4 pages of 10.
  await page.goto('/customers?page=99');
  await expect(page).toHaveURL(/\/customers\?page=4$/);
  await expect(page.getByText('Showing 31 to 40 of 40 entries')).toBeVisible();
  await expect(page.getByText(/Showing 981/)).toHaveCount(0);
  // The URL was replaced: Back does not return to page 99.
  await page.goBack();
  await expect(page).toHaveURL(/\/customers$/);
});

test('opened as a document with a session, the page is outlined first and its scripts start after that paint, within the CSP', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  // What the browser got before any script ran: the outline, and the scripts still parked.
  const response = await page.goto('/customers', { waitUntil: 'commit' });
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<div id="boot-shell"');
  expect(html).toContain('<template id="deferred-scripts">');
  // The app then starts, draws the page and takes the outline and the template away.
  await expect(page.getByRole('table').first().locator('tbody tr')).toHaveCount(10);
  await expect(page.locator('#boot-shell')).toHaveCount(0);
  await expect(page.locator('#deferred-scripts')).toHaveCount(0);
  expect(refused).toEqual([]);
});
