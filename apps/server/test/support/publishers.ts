import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { PNG_1X1 } from './fresh-account';
import { uniqueEmail, type TestApp } from './test-app';

/** The seeded Publisher Admin without a publisher (password Demo@12345). */
export const NEW_PUBLISHER_EMAIL = 'newpublisher@demo.fieldbot.test';

/**
 * Another Publisher Admin without a publisher (as the platform CLI's invitation makes), sharing
 * the demo password, so that tests do not all create through the one seeded account.
 */
export async function freshPublisherAdmin(t: TestApp, label: string): Promise<ApiClient> {
  const email = uniqueEmail(label);
  await t.inspect((q) =>
    q(
      `INSERT INTO users (name, email, password_hash, role_id, email_verified_at)
       SELECT 'Fresh Publisher', $1, password_hash, role_id, now() FROM users WHERE email = $2`,
      [email, NEW_PUBLISHER_EMAIL],
    ),
  );
  const client = t.client();
  const login = await client.loginAs(email);
  expect(login.status, login.text).toBe(200);
  return client;
}

/** A finished upload of a 1×1 PNG into `folder`; its file_url. */
export async function uploadImage(client: ApiClient, folder: string): Promise<string> {
  const signed = await client.post('/api/data/pre-signed-url', { file_name: 'logo.png', folder });
  expect(signed.status, signed.text).toBe(200);
  const { upload_url, file_url } = signed.body.data as { upload_url: string; file_url: string };
  const put = await client.request('PUT', upload_url, undefined, {
    raw: PNG_1X1,
    contentType: 'image/png',
  });
  expect(put.status, put.text).toBeLessThan(300);
  return file_url;
}

export const publisherForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lakeside Bots',
  description: 'Bots that review roofing calls.',
  website: 'https://lakeside.example.com',
  support_email: 'help@lakeside.example.com',
  ...overrides,
});
