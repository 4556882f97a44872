import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { uniqueEmail, type TestApp } from './test-app';

/** A strong password the sign-up rules accept (not the demo one, not breached). */
export const FRESH_PASSWORD = 'Tangerine#Kiwi2026x';
/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Signs a new account up, verifies its e-mail from the outbox and logs it in (demo users stay untouched). */
export async function signUpVerified(
  t: TestApp,
  label: string,
  name: string,
): Promise<{ client: ApiClient; email: string }> {
  const email = uniqueEmail(label);
  const client = t.client();
  const mark = await t.outbox.mark();
  const res = await client.post('/api/user/signup', {
    name,
    email,
    password: FRESH_PASSWORD,
    password_confirmation: FRESH_PASSWORD,
  });
  expect(res.status, res.text).toBe(201);
  const token = await t.outbox.waitForToken(email, 'verify', { after: mark });
  expect((await client.get(`/api/user/verify/${token}`)).status).toBe(200);
  await client.loginAs(email, FRESH_PASSWORD);
  return { client, email };
}
