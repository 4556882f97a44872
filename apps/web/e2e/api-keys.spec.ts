import { V1_PATHS } from '@fieldbot/shared';
import { expect, test } from '@playwright/test';
import { axeFindings } from './axe';
import { DEMO_ACCOUNTS, logIn } from './support';

// A company admin creates an API key in Settings, a client (the test's own request context, with
// no session cookie) reads the public API with it, the admin revokes it and the client is refused.

test('create an API key, use it, revoke it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/api-keys' });
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const table = page.getByRole('table', { name: 'API Keys' });
  await expect(table.locator('[data-testid="skeleton-row"]')).toHaveCount(0);

  const name = `E2E warehouse ${Date.now()}`;
  await page.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('checkbox', { name: 'Bot results' }).check();
  const formFindings = await axeFindings(page, 'the Create API key dialog');
  expect.soft(formFindings, formFindings.join('\n\n')).toEqual([]);
  await create.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByRole('note')).toContainText('It will not be shown again.');
  const key = await shown.getByTestId('new-api-key').inputValue();
  expect(key).toMatch(/^fbk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy API key' })).toBeVisible();
  const keyFindings = await axeFindings(page, 'the new API key dialog');
  expect.soft(keyFindings, keyFindings.join('\n\n')).toEqual([]);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = table.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(key.slice(0, 20));
  await expect(row).not.toContainText(key.slice(21));

  const bearer = { authorization: `Bearer ${key}` };
  const listed = await request.get(V1_PATHS.interactions, {
    headers: bearer,
    params: { limit: 5 },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { data } = (await listed.json()) as { data: { id: string }[] };
  expect(data.length).toBeGreaterThan(0);
  const results = await request.get(V1_PATHS.botResults, { headers: bearer });
  expect(results.status()).toBe(200);

  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  const refused = await request.get(V1_PATHS.interactions, { headers: bearer });
  expect(refused.status()).toBe(401);
});

test('the API reference page loads its document under its own CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Fieldbot API/ })).toBeVisible();
  await expect(page.getByText(V1_PATHS.interactions, { exact: true }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
