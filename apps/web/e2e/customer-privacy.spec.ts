import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

/**
 * Issue 27 §4 in the browser: a company admin exports one end customer's data, then deletes the
 * customer by typing their name. Globex's seeded customers are read by no other spec (the
 * integrations spec reads the customers its own CRM sync adds), so the one deleted here is missed
 * by nobody; it is the last of the list's first page, found at run time.
 */
test('an admin exports a customer, then deletes them by typing their name', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_ACCOUNTS.globex, { landOn: '/customers' });
  const table = page.getByRole('table').first();
  const links = table.locator('tbody a[href^="/customers/"]');
  await expect(links.first()).toBeVisible();
  const last = links.last();
  const name = (await last.textContent())!.trim();
  expect(name).not.toBe('');
  await last.click();
  await expect(page.getByRole('region', { name: 'Customer details' })).toContainText(name);

  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByRole('switch', { name: /^Do not record/ })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await privacy.getByRole('link', { name: 'Export data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(zip.length).toBeGreaterThan(100);
  // A ZIP starts with a local file header.
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

  await privacy.getByRole('button', { name: 'Delete customer…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete customer' });
  const confirm = dialog.getByRole('button', { name: 'Delete customer' });
  const typed = dialog.getByRole('textbox', { name: "Type the customer's name to confirm" });
  await typed.fill(name.toLowerCase());
  await expect(confirm).toBeDisabled();
  await typed.fill(name);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL((url) => url.pathname === '/customers', { timeout: 60_000 });

  await page.getByRole('textbox', { name: 'Search customers' }).fill(name);
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
