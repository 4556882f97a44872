import { ALERT_MESSAGES, searchPath } from '@fieldbot/shared';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, choose, logIn, runBotOnInteraction, sidebar } from './support';

// Demo transcripts (apps/server/src/lib/demo-audio/clips.json): Acme's "price check, not booked"
// call, where the customer is "just calling around for prices" (00:03) and "still comparing
// quotes" (00:13). The Booking outcome bot (rules engine, offline) finds "Not booked" there.
const PHRASE = '"comparing quotes"';

test('an admin creates an alert rule, an unbooked call completes, and the bell opens it at the evidence', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Unbooked calls ${Date.now()}`;
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/alerts' });

  // The rule, through its form.
  await page.getByRole('button', { name: 'New alert rule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(ALERT_MESSAGES.botRequired)).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await choose(page, 'Bot', 'Booking outcome');
  await choose(page, 'Output tag', 'Not booked');
  await choose(page, 'Interactions', 'Calls only');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(ALERT_MESSAGES.ruleSaved)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // An unbooked call of the demo, and the bot run that completes on it.
  const answer = await page.request.get(searchPath, { params: { q: PHRASE, type: 'csr-call' } });
  expect(answer.status()).toBe(200);
  const hit = ((await answer.json()) as { data: { items: { id: string; customer_id: string }[] } })
    .data.items[0];
  expect(hit, 'a demo call where the customer is comparing quotes').toBeDefined();
  await page.goto(`/customers/${hit!.customer_id}/interaction/${hit!.id}/csr-call`);
  await runBotOnInteraction(page, 'Booking outcome');
  // On with the day, without a reload: the alert comes to the page the admin is on.
  await sidebar(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers');

  // The bell rings without a reload (the stream, or its polling fallback).
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await bell.click();
  const item = page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('link', { name: /Booking outcome: Not booked/ });
  await item.click();

  // The call opens at the bot's first quote for "Not booked" (the customer shopping around).
  await expect(page).toHaveURL(
    new RegExp(`/customers/${hit!.customer_id}/interaction/${hit!.id}/csr-call\\?t=\\d+(\\.\\d)?$`),
  );
  const seconds = Math.floor(Number(new URL(page.url()).searchParams.get('t')));
  expect(seconds).toBeGreaterThan(0);
  await expect(page.getByTestId('player-elapsed')).toHaveText(
    `00:${String(seconds).padStart(2, '0')}`,
  );
});
