import {
  CSRF_COOKIE,
  CSRF_HEADER,
  PRIVACY_SETTINGS_API_PATH,
  PRIVACY_SETTINGS_MESSAGES,
  type PrivacySettings,
} from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

async function currentSettings(page: Page): Promise<PrivacySettings> {
  const answer = await page.request.get(PRIVACY_SETTINGS_API_PATH);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: PrivacySettings }).data;
}

/** Puts the settings back through the API, so the specs that follow see the seed's. */
async function restore(page: Page, settings: PrivacySettings) {
  const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE);
  const answer = await page.request.put(PRIVACY_SETTINGS_API_PATH, {
    data: settings,
    headers: { [CSRF_HEADER]: decodeURIComponent(csrf?.value ?? '') },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('an admin changes the privacy settings and finds them kept after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Acme: the retention spec works on Globex. Only what cannot touch other specs is changed (no
  // consent method: recordings run alongside), and it is all put back at the end.
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/privacy' });
  const before = await currentSettings(page);
  await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
  try {
    const audio = page.getByRole('textbox', { name: 'Delete audio after (days)' });
    const transcripts = page.getByRole('textbox', {
      name: 'Delete transcripts and bot results after (days)',
    });
    // Out of range first: the field says why and nothing is saved.
    await audio.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(PRIVACY_SETTINGS_MESSAGES.retentionDays)).toBeVisible();
    expect(await currentSettings(page)).toEqual(before);

    // Ten years: longer than any demo data, so the retention job deletes nothing of it.
    await audio.fill('3650');
    await transcripts.fill('3600');
    const bleep = page.getByRole('switch', { name: /^Bleep masked parts of the audio/ });
    await bleep.check();
    const vocabulary = page.getByRole('combobox', { name: 'Trade words, brands and models' });
    await vocabulary.fill('Carrier Infinity');
    await vocabulary.press('Enter');
    await vocabulary.fill('recirc pump');
    await vocabulary.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(PRIVACY_SETTINGS_MESSAGES.saved).first()).toBeVisible();

    await page.reload();
    await expect(audio).toHaveValue('3650');
    await expect(transcripts).toHaveValue('3600');
    await expect(bleep).toBeChecked();
    await expect(page.getByText('Carrier Infinity', { exact: true })).toBeVisible();
    await expect(page.getByText('recirc pump', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('radio', { name: 'Technician confirms the customer agreed' }),
    ).toBeChecked();
  } finally {
    await restore(page, before);
  }
});
