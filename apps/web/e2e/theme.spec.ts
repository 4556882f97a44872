import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support';

test('the sidebar theme toggle switches light/dark and the choice survives a reload', async ({
  page,
}) => {
  await logIn(page, DEMO_ACCOUNTS.globex);
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
