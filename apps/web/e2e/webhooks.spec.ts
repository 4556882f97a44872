import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { DEMO_ACCOUNTS, logIn, openPlanOfferInteraction, runBotOnInteraction } from './support';

interface Received {
  headers: Record<string, string>;
  body: string;
}

const headerRecord = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
  );

/** A local receiver on 127.0.0.1 (allow-listed for the e2e server in playwright.config.ts). */
async function startReceiver() {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: headerRecord(req.headers), body: Buffer.concat(chunks).toString() });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fieldbot`;
  return {
    url,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('a webhook endpoint on a local receiver gets a signed bot_result.completed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    const name = `E2E receiver ${randomBytes(3).toString('hex')}`;
    await logIn(page, DEMO_ACCOUNTS.admin, { landOn: '/settings/webhooks' });
    await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill(name);
    await expect(dialog.getByRole('checkbox', { name: /Bot result completed/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Webhook endpoint created.')).toBeVisible();

    const card = page.getByRole('article', { name: `Webhook endpoint ${name}` });
    await expect(card.getByTestId('webhook-status')).toHaveText('Enabled');
    await card.getByRole('button', { name: `Reveal signing secret of ${name}` }).click();
    await expect(card.getByTestId('webhook-secret')).toHaveValue(/^whsec_/);
    const secret = await card.getByTestId('webhook-secret').inputValue();

    // A real bot run on an interaction publishes bot_result.completed once its result is in.
    await openPlanOfferInteraction(page, 3);
    const interactionId = new URL(page.url()).pathname.split('/')[4]!;
    await runBotOnInteraction(page, 'Maintenance plan offered');

    // Other specs run bots meanwhile: the one of this interaction is the one to check.
    const ours = () =>
      receiver.requests.find((r) => r.body.includes(`"interaction_id":"${interactionId}"`));
    await expect.poll(() => ours() !== undefined, { timeout: 60_000 }).toBe(true);
    const request = ours()!;
    const event = new Webhook(secret).verify(request.body, request.headers) as {
      type: string;
      data: { bot_name: string; interaction_id: string; output_tags: unknown[]; url: string };
    };
    expect(event.type).toBe('bot_result.completed');
    expect(event.data.bot_name).toBe('Maintenance plan offered');
    expect(event.data.url).toContain(`/interaction/${interactionId}/field-recording`);
    expect(event.data.output_tags.length).toBeGreaterThan(0);
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);

    // The delivery is in the endpoint's log.
    await page.goto('/settings/webhooks');
    await card.getByRole('button', { name: `Show delivery log of ${name}` }).click();
    const log = card.getByRole('table', { name: 'Deliveries' });
    const row = log.getByRole('row').filter({ hasText: request.headers['webhook-id']! });
    await expect(row).toContainText('Bot result completed');
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 204');

    // Send test goes through the same path and shows up in the log too.
    await card.getByRole('button', { name: `Send test event to ${name}` }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Test event' })).toContainText('Delivered');

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete webhook endpoint' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(card).toBeHidden();
  } finally {
    await receiver.close();
  }
});
