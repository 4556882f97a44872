import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

// Demo data (apps/server/src/seed/demo-interactions.ts): the newest interaction of Acme's
// 'Lakeside Property Management' is a completed field recording of the longest real-speech clip.
const CUSTOMER = 'Lakeside Property Management';

/** mm:ss or hh:mm:ss → seconds. */
function seconds(text: string): number {
  return text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

async function elapsed(page: Page): Promise<number> {
  return seconds((await page.getByTestId('player-elapsed').textContent()) ?? '');
}

async function openFeaturedInteraction(page: Page) {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/customers' });
  await page.getByRole('textbox', { name: 'Search customers' }).fill(CUSTOMER);
  await page.getByRole('link', { name: CUSTOMER }).click();
  const newest = page.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first();
  await newest.getByRole('link').click();
  await expect(page).toHaveURL(/\/interaction\/[0-9a-f-]{36}\/field-recording$/);
}

test('interaction: play, seek ±5 s, change speed, jump from the transcript, download it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The player must stream the file with Range requests rather than download it first.
  const audioStatuses: number[] = [];
  page.on('response', (response) => {
    if (/\/interaction\/[^/]+\/[^/]+\/audio$/.test(new URL(response.url()).pathname)) {
      audioStatuses.push(response.status());
    }
  });

  await openFeaturedInteraction(page);
  await expect(page.getByRole('heading', { name: CUSTOMER })).toBeVisible();
  const details = page.getByRole('region', { name: 'Interaction details' });
  await expect(details).toContainText('Field Recording');
  await expect(details).toContainText('Completed');
  await expect(details.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/)).toBeVisible();

  const player = page.getByRole('group', { name: 'Audio player' });
  const play = player.getByRole('button', { name: 'Play', exact: true });
  await expect(play).toBeVisible();
  const total = seconds((await page.getByTestId('player-total').textContent()) ?? '');
  expect(total).toBeGreaterThan(30);
  await expect(page.getByTestId('player-elapsed')).toHaveText('00:00');

  // Play: the time moves; pause.
  await play.click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => elapsed(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(play).toBeVisible();
  expect(audioStatuses).toContain(206);

  // ±5 s, clamped at the start.
  const before = await elapsed(page);
  await player.getByRole('button', { name: 'Forward 5 seconds' }).click();
  await expect.poll(() => elapsed(page)).toBeGreaterThanOrEqual(before + 4);
  await expect.poll(() => elapsed(page)).toBeLessThanOrEqual(before + 5);
  await player.getByRole('button', { name: 'Back 5 seconds' }).click();
  await player.getByRole('button', { name: 'Back 5 seconds' }).click();
  await player.getByRole('button', { name: 'Back 5 seconds' }).click();
  await expect(page.getByTestId('player-elapsed')).toHaveText('00:00');

  // Speed: 1x → 1.2x → 1.8x.
  await player.getByRole('button', { name: 'Playback speed 1x' }).click();
  await player.getByRole('button', { name: 'Playback speed 1.2x' }).click();
  await expect(player.getByRole('button', { name: 'Playback speed 1.8x' })).toBeVisible();

  // A transcript segment: the player jumps to its start and the segment lights up.
  const transcript = page.getByRole('region', { name: 'Transcript' });
  const fourth = transcript.locator('[data-segment="3"]');
  const stamp = ((await fourth.textContent()) ?? '').match(/\[(\d{2}:\d{2})\]/)![1]!;
  await fourth.click();
  await expect(page.getByTestId('player-elapsed')).toHaveText(stamp);
  await expect(fourth).toHaveAttribute('aria-current', 'true');

  // Download: a .txt named after the interaction.
  const downloading = page.waitForEvent('download');
  await transcript.getByRole('link', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  expect(await download.failure()).toBeNull();
});

test('interaction: a ?t= link opens at that moment with the segment highlighted', async ({
  page,
}) => {
  await openFeaturedInteraction(page);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.goto(`${page.url()}?t=20`);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByTestId('player-elapsed')).toHaveText('00:20');
  await expect(
    page.getByRole('region', { name: 'Transcript' }).locator('[aria-current="true"]'),
  ).toHaveCount(1);
  // Space plays and pauses from anywhere on the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

test('a bad interaction id or type shows Interaction not found with a way back', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/customers' });
  await page.getByRole('textbox', { name: 'Search customers' }).fill(CUSTOMER);
  await page.getByRole('link', { name: CUSTOMER }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  const customerPath = new URL(page.url()).pathname;

  for (const tail of [
    'interaction/abc/field-recording',
    'interaction/00000000-0000-4000-8000-000000000000/field-recording',
    'interaction/00000000-0000-4000-8000-000000000000/voicemail',
  ]) {
    await page.goto(`${customerPath}/${tail}`);
    await expect(page.getByRole('heading', { name: 'Interaction not found' })).toBeVisible();
    await expect(page.getByText('Please enter valid value')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Go to the customer' }).click();
  await expect(page).toHaveURL((url) => url.pathname === customerPath);
});
