import { ANALYTICS_EVENTS_PATH, PLAYBACK_EVENTS, SUPPORT_MESSAGES } from '@fieldbot/shared';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn, waitForMail } from './support';

// The e2e server has no INTERCOM_APP_ID, POSTHOG_KEY or SUPPORT_EMAIL: the built-in Help panel mails
// the default support address, and analytics go to the first-party endpoint only.
const SUPPORT_EMAIL = 'support@fieldbot.local';

test('Help in the user menu mails support with the user identity', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.tech);
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Help' });
  const question = `The waveform is empty on my phone (${Date.now()}).`;
  await dialog.getByRole('textbox', { name: 'How can we help?' }).fill(question);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(SUPPORT_MESSAGES.sent)).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(SUPPORT_EMAIL, /^Help request from /);
  expect(mail.text).toContain(question);
  expect(mail.text).toContain(`E-mail: ${DEMO_ACCOUNTS.tech.email}`);
  expect(mail.text).toContain('Company: Acme Home Services');
});

test('playback events reach the first-party analytics endpoint', async ({ page }) => {
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/customers' });
  // Demo data: this customer's newest interaction is a completed, playable field recording.
  const customer = 'Lakeside Property Management';
  await page.getByRole('textbox', { name: 'Search customers' }).fill(customer);
  await page.getByRole('link', { name: customer }).click();
  const newest = page.getByRole('table', { name: 'Interactions' }).locator('tbody tr').first();
  await newest.getByRole('link').click();
  await expect(page).toHaveURL(/\/interaction\/[0-9a-f-]{36}\/field-recording$/);

  const sent = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === ANALYTICS_EVENTS_PATH &&
      response.request().method() === 'POST',
  );
  const player = page.getByRole('group', { name: 'Audio player' });
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await player.getByRole('button', { name: 'Pause' }).click();
  // Leaving the page sends what waits at once (keepalive), without waiting for the next batch.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const response = await sent;
  expect(response.status()).toBe(200);
  const batch = response.request().postDataJSON() as { events: { event: string }[] };
  expect(batch.events.map((e) => e.event)).toEqual(
    expect.arrayContaining([PLAYBACK_EVENTS.started, PLAYBACK_EVENTS.paused]),
  );
});
