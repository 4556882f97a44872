import { CRM_WRITEBACK_MESSAGES } from '@fieldbot/shared';
import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './axe';
import { DEMO_ACCOUNTS, logIn } from './support';

// The "Write results to CRM" switches under the integration cards, and the Demo CRM's notes
// (Acme is on the Demo CRM and subscribes to the demo bots).

const panel = (page: Page) => page.getByRole('region', { name: 'Write results to CRM' });

async function openIntegrations(page: Page) {
  await page.goto('/settings/integrations');
  await expect(panel(page).getByRole('switch').first()).toBeVisible({ timeout: 20_000 });
}

test('a company admin turns a bot’s write-back on and off, and reads the Demo CRM’s notes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
  await openIntegrations(page);
  const toggle = panel(page).getByRole('switch').first();
  const label = await toggle.getAttribute('aria-label');
  expect(label).toMatch(/^Write .+ results to Demo CRM$/);
  const was = await toggle.isChecked();

  await toggle.click();
  await expect(page.getByText(CRM_WRITEBACK_MESSAGES.saved).first()).toBeVisible();
  await expect(toggle).toBeChecked({ checked: !was });
  await page.reload();
  await expect(panel(page).getByRole('switch', { name: label! })).toBeChecked({ checked: !was });
  await panel(page).getByRole('switch', { name: label! }).click();
  await expect(panel(page).getByRole('switch', { name: label! })).toBeChecked({ checked: was });
  await expect(page.getByText(CRM_WRITEBACK_MESSAGES.saved).first()).toBeVisible();

  // The audit (light and dark) once the toasts, which are not this page's, have gone.
  await expect(page.getByText(CRM_WRITEBACK_MESSAGES.saved)).toHaveCount(0, { timeout: 20_000 });
  const audit = await axeFindings(page, '/settings/integrations, write-back');
  expect.soft(audit, audit.join('\n\n')).toEqual([]);

  await page.getByRole('button', { name: 'View Demo CRM notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Demo CRM notes' });
  await expect(dialog.getByText(/No notes yet|Fieldbot:/).first()).toBeVisible();
  const found = await axeFindings(page, '/settings/integrations, the Demo CRM notes');
  expect.soft(found, found.join('\n\n')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the switches and the notes fit without scrolling sideways', async ({ page }) => {
    test.setTimeout(60_000);
    await logIn(page, DEMO_ACCOUNTS.admin, { landOn: null });
    await openIntegrations(page);
    const sideways = () =>
      page.evaluate(() => {
        const root = document.scrollingElement!;
        return root.scrollWidth - root.clientWidth;
      });
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'View Demo CRM notes' }).click();
    await expect(page.getByRole('dialog', { name: 'Demo CRM notes' })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
  });
});
