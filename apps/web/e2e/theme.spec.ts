import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logInThroughForm } from './support';

test('the sidebar theme toggle switches light/dark and the choice survives a reload', async ({
  page,
}) => {
  await logInThroughForm(page, DEMO_ACCOUNTS.globex);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', /^(light|dark)$/);
  const before = await html.getAttribute('data-mantine-color-scheme');
  const after = before === 'light' ? 'dark' : 'light';

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/update-profile') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Switch to ${after} mode` }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', after);
  // Saved to the account too, not only in this browser.
  const me = await page.request.get('/api/user/me');
  expect((await me.json()).data.display_mode).toBe(after);
});

// Accounts no other spec logs in with: these tests change and restore their display mode.
const SAM = { ...DEMO_ACCOUNTS.tech, email: 'sam.rivera@demo.fieldbot.test' };
const JORDAN = { ...DEMO_ACCOUNTS.tech, email: 'jordan.lee@demo.fieldbot.test' };

test('the app follows the system colour scheme until the user picks a display mode', async ({
  page,
}) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await logInThroughForm(page, SAM);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  // A pick wins over the system from then on, also after a reload.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('a display mode picked on one browser applies on another', async ({ page, browser }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await logInThroughForm(page, JORDAN);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/update-profile'));
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  expect((await saved).status()).toBe(200);

  const other = await browser.newContext({ colorScheme: 'light' });
  const otherPage = await other.newPage();
  await logInThroughForm(otherPage, JORDAN);
  await expect(otherPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // Back to the demo's light mode for later runs on the same data.
  const restored = otherPage.waitForResponse((r) => r.url().endsWith('/api/user/update-profile'));
  await otherPage.getByRole('button', { name: 'Switch to light mode' }).click();
  expect((await restored).status()).toBe(200);
  await other.close();
});
