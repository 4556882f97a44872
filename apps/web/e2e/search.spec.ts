import { SEARCH_MESSAGES } from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, choose, logIn, sidebar } from './support';

// Demo transcripts (apps/server/src/lib/demo-audio/clips.json): Acme's HVAC field recordings use
// the 'AC not cooling' clip, whose technician says at 00:20 "The run capacitor is bulging on top",
// and the furnace tune-up clip, which names the "flame sensor" at 00:00 and 00:09. No CSR call
// of the demo mentions either.
const WORD = 'capacitor';
const PHRASE = '"flame sensor"';

/** The hits of the search on screen. */
const hits = (page: Page) =>
  page.getByRole('region', { name: 'Search results' }).getByRole('article');

/** Waits for the hits of the query in the URL (the previous ones stay, dimmed, meanwhile). */
async function settled(page: Page) {
  await expect(page.getByRole('region', { name: 'Search results' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
}

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search conversations' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  await expect(hits(page).first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
}

test('a company admin finds a word in the transcripts and opens the interaction at that line', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin);
  await sidebar(page).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/search' && !url.search);
  await expect(page.getByRole('heading', { name: 'Search every conversation' })).toBeVisible();

  await search(page, WORD);
  await expect(page.getByText(/^Showing 1 to \d+ of [\d,]+\+? entries$/)).toBeVisible();
  const hit = hits(page).first();
  await expect(hit).toContainText('Field Recording');
  await expect(hit.locator('mark').first()).toHaveText(new RegExp(WORD, 'i'));
  const line = hit
    .getByRole('listitem')
    .filter({ has: page.locator('mark') })
    .first();
  await expect(line).toContainText('[00:20] Technician:');
  await expect(line).toContainText('The run capacitor is bulging on top');

  await line.getByRole('link').click();
  await expect(page).toHaveURL(
    /\/customers\/[0-9a-f-]{36}\/interaction\/[0-9a-f-]{36}\/field-recording\?t=20\.\d$/,
  );
  // The player starts at the line, and the transcript highlights that very line.
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByTestId('player-elapsed')).toHaveText('00:20');
  const playing = page.getByRole('region', { name: 'Transcript' }).locator('[aria-current="true"]');
  await expect(playing).toHaveCount(1);
  await expect(playing).toContainText('The run capacitor is bulging on top');

  // Back returns to the same search.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === WORD);
  await expect(page.getByRole('textbox', { name: 'Search conversations' })).toHaveValue(WORD);
  await expect(hits(page).first().locator('mark').first()).toBeVisible();
});

test('an exact phrase, a filter that leaves nothing, and a technician filter', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/search' });

  await search(page, PHRASE);
  // Every line shown holds the phrase, its words highlighted.
  const lines = hits(page).getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  for (const text of await lines.allTextContents()) expect(text).toMatch(/flame sensor/i);
  const marked = await hits(page).first().locator('mark').allTextContents();
  expect(marked.join(' ').toLowerCase()).toContain('flame');
  expect(marked.join(' ').toLowerCase()).toContain('sensor');

  // No CSR call talks about it: the filter goes to the URL (page 1) and nothing matches.
  await choose(page, 'Interaction type', 'CSR Call');
  await expect(page).toHaveURL((url) => url.searchParams.get('type') === 'csr-call');
  await expect(page.getByRole('heading', { name: SEARCH_MESSAGES.noMatches })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('type'));
  await expect(hits(page).first()).toBeVisible();
  await settled(page);

  // One technician's visits only.
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/search' && r.url().includes('technician_id='),
  );
  await choose(page, 'Technician', 'Tina Tech');
  await expect(page).toHaveURL((url) => url.searchParams.has('technician_id'));
  await answered;
  await settled(page);
  for (const text of await hits(page).allTextContents()) expect(text).toContain('By Tina Tech');
});

test("a technician's search finds only the technician's own interactions", async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.tech, { landOn: `/search?q=${WORD}` });
  await expect(hits(page).first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
  // The filters' answer has no technicians for a technician: no such filter.
  await expect(page.getByRole('combobox', { name: 'Bot', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Technician' })).toHaveCount(0);
  for (const text of await hits(page).allTextContents()) expect(text).toContain('By Tina Tech');

  // The server agrees beyond the first page: every hit is Tina's.
  const answer = await page.request.get('/api/search', { params: { q: WORD } });
  expect(answer.status()).toBe(200);
  const { items } = ((await answer.json()) as { data: { items: { recording_by: string }[] } }).data;
  expect(items.length).toBeGreaterThan(0);
  expect(new Set(items.map((item) => item.recording_by))).toEqual(new Set(['Tina Tech']));
});
