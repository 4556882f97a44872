import { PAGE_SIZE } from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  connectDemoCrm,
  integrationCard,
  isoDay,
  logIn,
  recordStatuses,
  shownStatuses,
} from './support';

// A company connects the demo CRM from the integrations tab, watches the sync through,
// finds the CRM's customers and their calls, and the automatic bot result on a synced booked call.
// Globex is the company: subscribed to the demo bots like Acme, but not CRM-connected, and no
// other spec relies on its customers.

/** The subscribed demo bot that runs on every completed CSR call (seed/demo-bots.ts). */
const CALL_BOT = 'Booking outcome';

type Row = Record<string, unknown>;

async function apiItems<T extends Row>(page: Page, path: string, params: Row): Promise<T[]> {
  const answer = await page.request.get(path, { params: params as Record<string, string> });
  expect(answer.status(), `GET ${path}`).toBe(200);
  return ((await answer.json()) as { data: { items: T[] } }).data.items;
}

type CustomerRow = { id: string; customer_id: string; name: string };
type CallRow = { id: string; interaction_id: string; type: string; call_type: string | null };

type BookedCall = { customer: CustomerRow; call: CallRow };

/**
 * The demo CRM's Booked calls with their customers, oldest first. The demo CRM numbers its
 * customers (10001, …) and the seed's have a 'C-' prefix, so the CRM's come first by id.
 */
async function syncedBookedCalls(page: Page): Promise<BookedCall[]> {
  const synced: CustomerRow[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const items = await apiItems<CustomerRow>(page, '/api/company/customers', {
      sort_by: 'customer_id',
      sort_direction: 'asc',
      page: pageNo,
    });
    const crm = items.filter((c) => /^\d+$/.test(c.customer_id));
    synced.push(...crm);
    if (crm.length < items.length || items.length < PAGE_SIZE) break;
  }
  expect(synced.length, 'customers from the demo CRM').toBeGreaterThan(0);
  const booked: BookedCall[] = [];
  for (const customer of synced) {
    const calls = await apiItems<CallRow>(page, `/api/company/interactions/${customer.id}`, {
      type: 'csr-call',
    });
    for (const call of calls.filter((c) => c.call_type === 'Booked'))
      booked.push({ customer, call });
  }
  expect(booked.length, 'Booked calls from the demo CRM').toBeGreaterThan(0);
  return booked.sort((x, y) => Number(x.call.interaction_id) - Number(y.call.interaction_id));
}

type BotResultAnswer = { data: { run_type: string; results?: unknown[] } | null };

/**
 * Waits for the first of `calls` to get a bot result, and returns it with who ran it. The pipeline
 * takes a sync's calls in no fixed order, so any of them may be first.
 */
async function firstBotResult(page: Page, calls: BookedCall[]) {
  let found: { booked: BookedCall; runType: string } | undefined;
  await expect
    .poll(
      async () => {
        for (const booked of calls) {
          const answer = await page.request.get(
            `/api/company/bot-result/interaction/${booked.call.id}/csr-call`,
          );
          const body = answer.ok() ? ((await answer.json()) as BotResultAnswer) : null;
          if (body?.data?.results?.length) {
            found = { booked, runType: body.data.run_type };
            return true;
          }
        }
        return false;
      },
      {
        message: 'an automatic bot result on a synced Booked call',
        timeout: 160_000,
        intervals: [2_000],
      },
    )
    .toBe(true);
  return found!;
}

test('a company connects the demo CRM, watches it sync, and gets its customers and calls', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page, DEMO_ACCOUNTS.globex, { landOn: '/settings/integrations' });
  await expect(integrationCard(page, 'Demo CRM').getByText('Not Connected')).toBeVisible();

  // A small sync can finish between two refetches, so every status the card shows is recorded.
  await recordStatuses(page, 'Demo CRM');
  const synced = page.waitForResponse((r) => r.url().endsWith('/api/integration/sync'));
  const card = await connectDemoCrm(page, { tenantId: '2002', startDate: isoDay(2) });
  const started = (await (await synced).json()) as { data: { sync_process_status: string } };
  expect(started.data.sync_process_status).toBe('pending');
  // The list refetches every 5 s until the sync is through.
  await expect(card.getByText('Sync Complete')).toBeVisible({ timeout: 60_000 });
  expect(await shownStatuses(page)).toEqual(
    expect.arrayContaining(['Not Connected', 'Data Sync Pending', 'Sync Complete']),
  );
  expect((await shownStatuses(page)).at(-1)).toBe('Sync Complete');
  await expect(card.getByText(/^Last synced /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sync Demo CRM' })).toBeEnabled();

  // The CRM's customers are in the list, and one of them has the Booked call that made its job.
  const booked = await syncedBookedCalls(page);
  const { customer, call } = booked[0]!;
  await page.goto('/customers');
  await page.getByRole('textbox', { name: 'Search customers' }).fill(customer.name);
  await page.getByRole('link', { name: customer.name }).first().click();
  await expect(page).toHaveURL(`/customers/${customer.id}`);
  const calls = page.getByRole('table', { name: 'Interactions' });
  const row = calls.getByRole('row').filter({ hasText: call.interaction_id });
  await expect(row).toContainText('Booked');

  // The pipeline downloads, merges and transcribes the synced calls, and on interaction.completed
  // the automation runs the subscribed call bot: nobody presses Run Bot. The first Booked call to
  // get there opens as a booked CSR call with the bot's tab and output tags.
  const first = await firstBotResult(page, booked);
  expect(first.runType).toBe('automatic');
  const { customer: owner, call: done } = first.booked;
  await page.goto(`/customers/${owner.id}/interaction/${done.id}/csr-call`);
  await expect(page.getByText('CSR Call (Booked)')).toBeVisible();
  await expect(page.getByRole('tab', { name: CALL_BOT })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Bot' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Transcript/ })).toBeVisible();
  // The rules bot's output tags (demo-bots.ts), each with what it found in the transcript.
  const panel = page.getByRole('tabpanel', { name: CALL_BOT });
  for (const tag of ['Booked', 'Not booked', 'Time agreed', 'Slot offered']) {
    await expect(panel.getByText(tag, { exact: true }).first()).toBeVisible();
  }
});

test('on a phone the integration cards stack and the dialog fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Acme is already connected: its dialog opens read-only, so looking changes nothing.
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/integrations' });
  const first = await integrationCard(page, 'ServiceTitan').boundingBox();
  const second = await integrationCard(page, 'Demo CRM').boundingBox();
  expect(first && second, 'both cards drawn').toBeTruthy();
  expect(second!.x).toBe(first!.x);
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
  expect(first!.x + first!.width).toBeLessThanOrEqual(390);

  await integrationCard(page, 'Demo CRM').getByRole('button', { name: 'Modify Demo CRM' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demo CRM integration' });
  await expect(dialog.getByLabel('Tenant ID')).toHaveValue('1001');
  await expect(dialog.getByRole('button', { name: 'Sync', exact: true })).toBeInViewport();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
