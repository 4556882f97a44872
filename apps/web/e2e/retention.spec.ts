import {
  PRIVACY_SETTINGS_MESSAGES,
  interactionAudioPath,
  type InteractionDetail,
} from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axe';
import { DEMO_ACCOUNTS, logIn } from './support';

/**
 * Issue 27 §2 in the browser: a company admin sets how long audio is kept, and an old interaction
 * then shows the deleted-audio state. Saving a changed retention queues the company's sweep at
 * once (the daily job's per-company job), so the test waits for that job, not for the schedule.
 *
 * Globex: its demo interactions spread over the last 90 days; audio older than 60 days goes.
 * The customer-privacy spec deletes the last customer of Globex's first page, so the interaction
 * is looked for among the others; the synced calls of the integrations spec are days old, so
 * they keep their audio. The setting is put back to "forever" at the end.
 */
const AUDIO_DAYS = 60;
/** Well past the retention, so the interaction's age is not a matter of hours. */
const OLD_DAYS = AUDIO_DAYS + 3;
const DAY_MS = 86_400_000;

interface Page1<T> {
  data: { items: T[] };
}

/** An interaction of Globex older than OLD_DAYS that still has its audio. */
async function oldInteractionWithAudio(page: Page): Promise<InteractionDetail & { at: string }> {
  const customers = (await (
    await page.request.get('/api/company/customers', { params: { page: 1 } })
  ).json()) as Page1<{ id: string }>;
  const before = Date.now() - OLD_DAYS * DAY_MS;
  for (const customer of customers.data.items.slice(0, -1)) {
    const list = (await (
      await page.request.get(`/api/company/interactions/${customer.id}`, {
        params: { page: 1, sort_by: 'created_at', sort_direction: 'asc' },
      })
    ).json()) as Page1<{ id: string; type: 'field-recording' | 'csr-call'; created_at: string }>;
    for (const item of list.data.items) {
      if (Date.parse(item.created_at) > before) break;
      const answer = await page.request.get(`/api/company/interaction/${item.id}/${item.type}`);
      const detail = ((await answer.json()) as { data: InteractionDetail }).data;
      if (detail.audio_url && !detail.audio_deleted_at) {
        return { ...detail, at: `/customers/${customer.id}/interaction/${item.id}/${item.type}` };
      }
    }
  }
  throw new Error(`no Globex interaction older than ${OLD_DAYS} days with audio`);
}

async function setAudioRetention(page: Page, days: string) {
  await page.goto('/settings/privacy');
  const field = page.getByRole('textbox', { name: 'Delete audio after (days)' });
  await field.fill(days);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PRIVACY_SETTINGS_MESSAGES.saved).first()).toBeVisible();
}

test('an admin sets audio retention, the job runs, and an old interaction shows its audio deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.globex, { landOn: '/settings/privacy' });
  const old = await oldInteractionWithAudio(page);

  await setAudioRetention(page, String(AUDIO_DAYS));
  try {
    // The sweep runs in the server's worker: the interaction's audio goes within seconds.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/company/interaction/${old.id}/${old.type}`);
          return ((await answer.json()) as { data: InteractionDetail }).data.audio_deleted_at;
        },
        { timeout: 60_000, intervals: [500, 1_000, 2_000] },
      )
      .not.toBeNull();

    await page.goto(old.at);
    const recording = page.getByRole('region', { name: 'Recording' });
    await expect(recording.getByRole('status')).toHaveText(
      /^Audio deleted under the company's retention policy \(\d{2}\/\d{2}\/\d{4}\)$/,
    );
    await expect(page.getByRole('button', { name: 'Copy link at this moment' })).toHaveCount(0);
    // The transcript is kept: only audio had a retention.
    await expect(page.getByRole('region', { name: /Transcript/ })).not.toContainText(
      'deleted under',
    );
    expect(await axeFindings(page, 'interaction with deleted audio')).toEqual([]);

    // The file itself is refused.
    const audio = await page.request.get(interactionAudioPath(old.id, old.type));
    expect(audio.status()).toBe(410);
  } finally {
    // Back to keeping audio forever, as the seed had it, for the specs that follow.
    await setAudioRetention(page, '');
  }
});
