import { MESSAGES, publisherSaveResponseSchema, userResponseSchema } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import {
  PlatformInviteError,
  invitePublisherAdmin,
} from '../src/modules/publisher-users/platform-invitation';
import { DEMO } from './support/demo';
import { withDb } from './support/drizzle-db';
import { FRESH_PASSWORD } from './support/fresh-account';
import { publisherForm } from './support/publishers';
import { APP_URL, SLOW_TEST_TIMEOUT_MS, uniqueEmail, useTestApp } from './support/test-app';

const t = useTestApp();

describe('platform CLI publisher:invite (invitePublisherAdmin)', () => {
  it(
    'prints a sign-up link; signing up through it makes a Publisher Admin without a publisher, who creates one',
    async () => {
      const email = uniqueEmail('platform-pub');
      const { link, expiresAt } = await withDb(t, (db) =>
        invitePublisherAdmin(db, { email: email.toUpperCase(), appUrl: APP_URL }),
      );
      expect(link).toMatch(new RegExp(`^${APP_URL.replace(/[.]/g, '\\.')}/signup/[A-Za-z0-9_-]+$`));
      expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60_000);
      const token = link.split('/signup/')[1]!;

      const client = t.client();
      const valid = await client.post('/api/user/validate-publisher-invitation-token', {
        invitation_token: token,
      });
      expect(valid.body.data.is_valid).toBe(true);
      const signup = await client.post('/api/user/signup', {
        name: 'Platform Invitee',
        email,
        password: FRESH_PASSWORD,
        password_confirmation: FRESH_PASSWORD,
        invitation_token: token,
      });
      expect(signup.status, signup.text).toBe(201);
      await client.loginAs(email, FRESH_PASSWORD);
      const me = userResponseSchema.parse((await client.get('/api/user/me')).body).data;
      expect(me).toMatchObject({
        role: { alias: 'publisher_admin' },
        publisher: null,
        company: null,
      });
      expect((await client.get('/api/publisher/info')).body).toEqual({ data: null });
      const created = await client.post(
        '/api/publisher/create',
        publisherForm({ name: 'Invitee Bots' }),
      );
      expect(created.status, created.text).toBe(201);
      const { data } = publisherSaveResponseSchema.parse(created.body);
      const after = userResponseSchema.parse((await client.get('/api/user/me')).body).data;
      expect(after.publisher).toEqual({ id: data.id, name: 'Invitee Bots' });

      // The link is used up.
      const reused = await t.client().post('/api/user/validate-publisher-invitation-token', {
        invitation_token: token,
      });
      expect(reused.body.data.is_valid).toBe(false);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a taken address and an invalid one, creating no invitation',
    async () => {
      const outcome = await withDb(t, async (db) => {
        const errors: string[] = [];
        for (const email of [DEMO.publisher.email, 'not-an-address']) {
          try {
            await invitePublisherAdmin(db, { email, appUrl: APP_URL });
            errors.push('none');
          } catch (error) {
            expect(error).toBeInstanceOf(PlatformInviteError);
            errors.push((error as Error).message);
          }
        }
        return errors;
      });
      expect(outcome).toEqual([MESSAGES.emailTaken, MESSAGES.invalidEmail]);
      const rows = await t.inspect((q) =>
        q(`SELECT count(*)::int AS n FROM invitations WHERE email IN ($1, 'not-an-address')`, [
          DEMO.publisher.email,
        ]),
      );
      expect(rows[0]!.n).toBe(0);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
