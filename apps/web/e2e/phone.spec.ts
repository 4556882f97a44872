import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  expectNotTruncated,
  lastMonthDashboard,
  logIn,
  type DemoAccount,
} from './support';

// The main screens on a 390 px phone. Demo data: Acme's 'Lakeside Property Management' has a
// completed field recording as its newest interaction (see interaction.spec.ts).
const CUSTOMER = 'Lakeside Property Management';

test.use({ viewport: { width: 390, height: 844 } });

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, 'document scrollWidth').toBeLessThanOrEqual(clientWidth);
}

/**
 * No card is mostly empty space: each matched card is at most 1.5× the height of what it shows.
 * What it shows is measured from its text (ranges, so a stretched text box does not count) and
 * its images, icons and controls, plus the card's own padding and border.
 */
async function expectCardsFitContent(cards: Locator) {
  const tooTall = await cards.evaluateAll((nodes) =>
    nodes.flatMap((card) => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(
        card,
        NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
      );
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(range.getBoundingClientRect());
        } else if (
          (node as Element).matches('svg, img, canvas, input, button, [role="progressbar"]')
        ) {
          rects.push((node as Element).getBoundingClientRect());
        }
      }
      const shown = rects.filter((r) => r.height > 0);
      if (shown.length === 0) return [];
      const style = getComputedStyle(card);
      const frame = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']
        .map((side) => parseFloat(style[side as 'paddingTop']) || 0)
        .reduce((a, b) => a + b, 0);
      const content =
        Math.max(...shown.map((r) => r.bottom)) - Math.min(...shown.map((r) => r.top)) + frame;
      const height = card.getBoundingClientRect().height;
      return height > 1.5 * content
        ? [
            `${(card.textContent ?? '').slice(0, 40)}: ${Math.round(height)} px for ${Math.round(content)} px`,
          ]
        : [];
    }),
  );
  expect(tooTall).toEqual([]);
}

async function expectReadableCards(page: Page, table: Locator) {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNotTruncated(table.locator('.mantine-Badge-label'));
  await expectNotTruncated(page.getByRole('banner').getByRole('heading', { level: 1 }));
  // Every row fits the screen.
  const widths = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().right));
  for (const right of widths) expect(right).toBeLessThanOrEqual(390);
  await expectCardsFitContent(table.locator('tbody tr'));
}

test('customers list, customer page and interaction page fit a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/customers' });
  const customers = page.getByRole('table', { name: 'Customers' });
  await expectReadableCards(page, customers);
  // Each value is labelled in its card (the cell's ::before shows its column).
  const status = customers.locator('tbody tr').first().locator('td[data-label="Customer Status"]');
  expect(await status.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
    '"Customer Status"',
  );

  await page.getByRole('textbox', { name: 'Search customers' }).fill(CUSTOMER);
  await page.getByRole('link', { name: CUSTOMER }).click();
  const interactions = page.getByRole('table', { name: 'Interactions' });
  await expect(page.getByRole('region', { name: 'Customer details' })).toContainText(CUSTOMER);
  await expectReadableCards(page, interactions);
  // Sorting stays possible on a phone.
  await interactions.getByRole('button', { name: 'Recording Length' }).click();
  await expect(page).toHaveURL(/sort_by=duration/);
  await expectNoSidewaysScroll(page);

  await page.goBack();
  await interactions.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/interaction\/[0-9a-f-]{36}\/field-recording$/);
  const player = page.getByRole('group', { name: 'Audio player' });
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const waveform = await page.getByTestId('waveform').boundingBox();
  expect(waveform?.width ?? 0).toBeGreaterThan(200);
  // The buttons wrap under the waveform and stay on the screen.
  const play = await player.getByRole('button', { name: 'Play', exact: true }).boundingBox();
  expect(play!.y).toBeGreaterThan(waveform!.y);
  const speed = await player.getByRole('button', { name: /Playback speed/ }).boundingBox();
  expect(speed!.x + speed!.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  await expectNotTruncated(
    page.getByRole('region', { name: 'Interaction details' }).locator('.mantine-Badge-label'),
  );
});

test('the search page and its hits fit a phone', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/search?q=capacitor' });
  const hits = page.getByRole('region', { name: 'Search results' }).getByRole('article');
  await expect(hits.first()).toBeVisible({ timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await expectNotTruncated(page.getByRole('banner').getByRole('heading', { level: 1 }));
  await expectNotTruncated(hits.locator('.mantine-Badge-label'));
  const rights = await page
    .getByRole('main')
    .locator('article, input, button')
    .evaluateAll((all) => all.map((node) => node.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(390);
  await expectCardsFitContent(hits);
  // The Search button stays beside the box.
  const box = await page.getByRole('textbox', { name: 'Search conversations' }).boundingBox();
  const button = await page.getByRole('button', { name: 'Search', exact: true }).boundingBox();
  expect(Math.abs(button!.y - box!.y)).toBeLessThan(8);
});

test('the marketplace and a bot page fit a phone', async ({ page }) => {
  test.setTimeout(90_000);
  // A read-only look as Acme's admin.
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/marketplace' });
  const cards = page.getByRole('main').getByRole('article');
  // The first browse after the suite's CRM syncs can take a while on the embedded database.
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await expectNotTruncated(page.getByRole('banner').getByRole('heading', { level: 1 }));
  const rights = await cards.evaluateAll((all) =>
    all.map((card) => card.getBoundingClientRect().right),
  );
  for (const right of rights) expect(right).toBeLessThanOrEqual(390);
  await expectCardsFitContent(cards);

  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/marketplace\/bot\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: /subscribe/i }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the clients list and a client’s runs fit a phone', async ({ page }) => {
  // A read-only look as Northwind's publisher admin, at last month's busiest client: early in a
  // month this month's list may have no runs yet.
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${String(last.getUTCMonth() + 1).padStart(2, '0')}/01/${last.getUTCFullYear()}`;
  await logIn(page, DEMO_ACCOUNTS.publisher, { landOn: '/clients/list' });
  await page.goto(`/clients/list?month=${month}&sort_by=runs&sort_direction=desc`);
  const clients = page.getByRole('table', { name: 'Clients' });
  await expectReadableCards(page, clients);
  await clients.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/clients\/detail\/[0-9a-f-]{36}\/general$/);
  await expectNoSidewaysScroll(page);
  await page.getByRole('tab', { name: 'Runs' }).click();
  await expect(page).toHaveURL(/\/clients\/detail\/[0-9a-f-]{36}\/runs/);
  await page.goto(`${page.url().split('?')[0]}?month=${month}`);
  await expectReadableCards(page, page.getByRole('table', { name: 'Runs' }));
});

/**
 * A dashboard on a phone: a month with data (figures, lists and, where the role has them, charts
 * drawn) never scrolls sideways, no KPI card's title, hint or figure is clipped, every section fits
 * the screen and no card is mostly empty space.
 */
async function expectDashboardFits(
  page: Page,
  account: DemoAccount,
  path: string,
  { charts = true }: { charts?: boolean } = {},
) {
  await logIn(page, account);
  await page.goto(path);
  const figures = page.getByRole('region', { name: /^Key figures for/ });
  await expect(figures).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mantine-Skeleton')).toHaveCount(0, { timeout: 30_000 });
  const drawings = page.locator('.recharts-surface');
  if (charts) await expect(drawings.first()).toBeVisible({ timeout: 30_000 });
  else await expect(drawings).toHaveCount(0);

  await expectNoSidewaysScroll(page);
  const cardTexts = figures.locator('.mantine-Paper-root .mantine-Text-root');
  await expect(cardTexts.first()).toBeVisible();
  await expectNotTruncated(cardTexts);
  await expectNotTruncated(page.getByRole('main').getByRole('heading', { level: 2 }));
  await expectNotTruncated(page.getByRole('banner').getByRole('heading', { level: 1 }));
  const rights = await page
    .getByRole('main')
    .locator('section, .recharts-surface')
    .evaluateAll((all) => all.map((node) => node.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(390);
  await expectCardsFitContent(page.getByRole('main').locator('.mantine-Paper-root'));
}

test('the API keys settings page fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/api-keys' });
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog', { name: 'Create API key' }).getByLabel('Name').fill('Phone check');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByTestId('new-api-key')).toHaveValue(/^fbk_/);
  await expectNoSidewaysScroll(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expectReadableCards(page, page.getByRole('table', { name: 'API Keys' }));
});

test('the webhooks settings page fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/webhooks' });
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  // Nothing listens there: the endpoint is looked at, tested (and fails) and deleted again.
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill('http://127.0.0.1:9/phone');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Phone check');
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const card = page.getByRole('article', { name: 'Webhook endpoint Phone check' });
  await card.getByRole('button', { name: 'Reveal signing secret of Phone check' }).click();
  await expect(card.getByTestId('webhook-secret')).toHaveValue(/^whsec_/);
  await card.getByRole('button', { name: 'Show delivery log of Phone check' }).click();
  const log = card.getByRole('table', { name: 'Deliveries' });
  await expect(log).toContainText('No Deliveries Found');
  // A test to a port nothing listens on: a failed attempt with its error, as a card.
  await card.getByRole('button', { name: 'Send test event to Phone check' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Test event' })).toContainText('Failed');
  await expectReadableCards(page, log);
  await card.getByRole('button', { name: 'Delete Phone check' }).click();
  await page
    .getByRole('dialog', { name: 'Delete webhook endpoint' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(card).toBeHidden();
});

test('the company dashboard fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await expectDashboardFits(page, DEMO_ACCOUNTS.admin, lastMonthDashboard('/company/dashboard'));
  await expect(page.getByRole('region', { name: 'Spend So Far' })).toBeVisible();
});

test("a technician's dashboard fits a phone, in the dark scheme too", async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDashboardFits(page, DEMO_ACCOUNTS.tech, lastMonthDashboard('/company/dashboard'), {
    charts: false,
  });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(
    page.getByRole('region', { name: 'What the Bots Found on My Visits' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'My Jobs Without a Recording' })).toBeVisible();
});

test('the publisher dashboard fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await expectDashboardFits(
    page,
    DEMO_ACCOUNTS.publisher,
    lastMonthDashboard('/publisher/dashboard'),
  );
});

test('the alerts settings page and its rule form fit a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.manager, { landOn: '/settings/alerts' });
  await page.getByRole('button', { name: 'New alert rule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await expect(dialog.getByLabel('Name')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The bell's list fits beside it.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the privacy settings page fits a phone', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/privacy' });
  await expect(page.getByRole('radiogroup', { name: 'How consent is taken' })).toBeVisible();
  await expect(page.getByLabel('Delete transcripts and bot results after (days)')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test('the audit log fits a phone, its entries as cards', async ({ page }) => {
  test.setTimeout(60_000);
  // Logging in writes an entry, so the log is never empty here.
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/audit-log' });
  const table = page.getByRole('table', { name: 'Audit Log Entries' });
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
  await expectReadableCards(page, table);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await page.getByLabel('Action', { exact: true }).click();
  await page.getByRole('option', { name: 'Sign-in' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});
