import {
  DEFAULT_MARKUP_PERCENT,
  MESSAGES,
  PUBLISHER_INFO_MESSAGES,
  isAccountSetUp,
  publicMarketplacePath,
  publisherInfoResponseSchema,
  publisherSaveResponseSchema,
  userResponseSchema,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import {
  NEW_PUBLISHER_EMAIL,
  freshPublisherAdmin,
  publisherForm,
  uploadImage,
} from './support/publishers';
import { SLOW_TEST_TIMEOUT_MS, signedInClients, useTestApp } from './support/test-app';

const t = useTestApp();
const as = signedInClients(t);

const COMPANY_ROLES = [DEMO.admin.email, DEMO.manager.email, DEMO.tech.email, DEMO.newadmin.email];

async function me(client: ApiClient) {
  const res = await client.get('/api/user/me');
  expect(res.status, res.text).toBe(200);
  return userResponseSchema.parse(res.body).data;
}

async function info(client: ApiClient) {
  const res = await client.get('/api/publisher/info');
  expect(res.status, res.text).toBe(200);
  return publisherInfoResponseSchema.parse(res.body).data;
}

describe('GET /api/publisher/info', () => {
  it('answers the own publisher to its admin and user, null to an admin without one', async () => {
    for (const email of [DEMO.publisher.email, DEMO.publisherUser.email]) {
      const data = await info(await as(email));
      expect(data).toMatchObject({
        name: 'Northwind Bots',
        code: 'NWBOTS01',
        landing_path: publicMarketplacePath('NWBOTS01', 'Northwind Bots'),
        website: 'https://northwind-bots.example.com',
        support_email: 'support@northwind-bots.example.com',
      });
      expect(data!.description).toMatch(/Northwind Bots builds/);
    }
    expect(await info(await as(NEW_PUBLISHER_EMAIL))).toBeNull();
  });

  it('refuses company roles (403) and anonymous callers (401)', async () => {
    for (const email of COMPANY_ROLES) {
      expect((await (await as(email)).get('/api/publisher/info')).status, email).toBe(403);
    }
    expect((await t.client().get('/api/publisher/info')).status).toBe(401);
  });
});

describe('POST /api/publisher/create', () => {
  it(
    'creates the publisher with a generated code and default markup; me shows it, set up',
    async () => {
      const admin = await as(NEW_PUBLISHER_EMAIL);
      const before = await me(admin);
      expect(before.publisher).toBeNull();
      expect(isAccountSetUp(before)).toBe(false);
      // Not set up: the set-up-only routes stay closed until the publisher exists.
      expect((await admin.get('/api/publisher/users')).status).toBe(403);

      const res = await admin.post(
        '/api/publisher/create',
        publisherForm({ name: 'Lake-side Bots' }),
      );
      expect(res.status, res.text).toBe(201);
      const saved = publisherSaveResponseSchema.parse(res.body);
      expect(saved.message).toBe(PUBLISHER_INFO_MESSAGES.created);
      expect(saved.data).toMatchObject({
        name: 'Lake-side Bots',
        description: 'Bots that review roofing calls.',
        website: 'https://lakeside.example.com',
        support_email: 'help@lakeside.example.com',
        logo: null,
        default_markup_percent: DEFAULT_MARKUP_PERCENT,
      });
      expect(saved.data.code).toMatch(/^[A-Z0-9]{8}$/);
      expect(saved.data.landing_path).toBe(
        publicMarketplacePath(saved.data.code, 'Lake-side Bots'),
      );

      const after = await me(admin);
      expect(after.publisher).toEqual({ id: saved.data.id, name: 'Lake-side Bots' });
      expect(isAccountSetUp(after)).toBe(true);
      expect((await admin.get('/api/publisher/users')).status).toBe(200);
      expect(await info(admin)).toEqual(saved.data);
      // The public landing name answers the new code.
      const landing = await t.client().get(`/api/publisher-name/${saved.data.code}`);
      expect(landing.body).toEqual({ data: { name: 'Lake-side Bots' } });

      const again = await admin.post('/api/publisher/create', publisherForm({ name: 'Second' }));
      expect(again.status, again.text).toBe(409);
      expect(again.body.message).toBe(PUBLISHER_INFO_MESSAGES.alreadyHasPublisher);
      const northwind = await (
        await as(DEMO.publisher.email)
      ).post('/api/publisher/create', publisherForm());
      expect(northwind.status).toBe(409);
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'takes the given markup and the admin’s own publisher-logo upload; codes differ',
    async () => {
      const admin = await freshPublisherAdmin(t, 'pub-logo');
      const logo = await uploadImage(admin, 'publisher-logo');
      const res = await admin.post(
        '/api/publisher/create',
        publisherForm({ logo, default_markup_percent: 35, website: '' }),
      );
      expect(res.status, res.text).toBe(201);
      const { data } = publisherSaveResponseSchema.parse(res.body);
      expect(data).toMatchObject({ logo, default_markup_percent: 35, website: null });
      expect(data.code).not.toBe('NWBOTS01');
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it(
    'answers 422 with field messages and creates nothing',
    async () => {
      const admin = await freshPublisherAdmin(t, 'pub-invalid');
      const empty = await admin.post('/api/publisher/create', {});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toMatchObject({
        name: [MESSAGES.required],
        description: [MESSAGES.required],
        support_email: [expect.any(String)],
      });
      const bad = await admin.post(
        '/api/publisher/create',
        publisherForm({
          name: 'x'.repeat(101),
          website: 'ftp://nowhere',
          support_email: 'not-an-address',
          default_markup_percent: 501,
        }),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toMatchObject({
        name: [PUBLISHER_INFO_MESSAGES.nameMaxed],
        website: [MESSAGES.invalidUrl],
        support_email: [MESSAGES.invalidEmail],
        default_markup_percent: [PUBLISHER_INFO_MESSAGES.markupRange],
      });
      const fraction = await admin.post(
        '/api/publisher/create',
        publisherForm({ default_markup_percent: 12.5 }),
      );
      expect(fraction.body.errors).toEqual({
        default_markup_percent: [PUBLISHER_INFO_MESSAGES.markupRange],
      });

      // A logo must be the caller's own finished 'publisher-logo' upload.
      const other = await as(DEMO.publisher.email);
      const othersLogo = await uploadImage(other, 'publisher-logo');
      const ownProfilePhoto = await uploadImage(admin, 'profile');
      for (const logo of [othersLogo, ownProfilePhoto, 'https://elsewhere.example.com/a.png']) {
        const res = await admin.post('/api/publisher/create', publisherForm({ logo }));
        expect(res.status, logo).toBe(422);
        expect(res.body.errors).toEqual({ logo: [MESSAGES.invalidUrl] });
      }
      expect(await info(admin)).toBeNull();
      expect((await me(admin)).publisher).toBeNull();
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('is the publisher admin’s alone: publisher user and company roles 403, anonymous 401', async () => {
    for (const email of [DEMO.publisherUser.email, ...COMPANY_ROLES]) {
      const res = await (await as(email)).post('/api/publisher/create', publisherForm());
      expect(res.status, email).toBe(403);
    }
    expect((await t.client().post('/api/publisher/create', publisherForm())).status).toBe(401);
  });
});

describe('POST /api/publisher/update', () => {
  it(
    'applies only the fields sent; colleagues see the new name at once',
    async () => {
      const admin = await as(DEMO.publisher.email);
      const colleague = await as(DEMO.publisherUser.email);
      expect((await me(colleague)).publisher?.name).toBe('Northwind Bots');
      const before = await info(admin);

      const res = await admin.post('/api/publisher/update', { description: 'Now with more bots.' });
      expect(res.status, res.text).toBe(200);
      const saved = publisherSaveResponseSchema.parse(res.body);
      expect(saved.message).toBe(PUBLISHER_INFO_MESSAGES.updated);
      expect(saved.data).toEqual({ ...before, description: 'Now with more bots.' });

      const logo = await uploadImage(admin, 'publisher-logo');
      const renamed = await admin.post('/api/publisher/update', {
        name: 'Northwind Bots Co',
        logo,
        default_markup_percent: 0,
        website: null,
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(publisherSaveResponseSchema.parse(renamed.body).data).toMatchObject({
        name: 'Northwind Bots Co',
        code: before!.code,
        logo,
        default_markup_percent: 0,
        website: null,
        support_email: before!.support_email,
      });
      expect((await me(colleague)).publisher?.name).toBe('Northwind Bots Co');

      const bad = await admin.post('/api/publisher/update', {
        name: ' ',
        default_markup_percent: -1,
        logo: await uploadImage(admin, 'profile'),
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toMatchObject({
        name: [MESSAGES.required],
        default_markup_percent: [PUBLISHER_INFO_MESSAGES.markupRange],
      });
      const foreignLogo = await admin.post('/api/publisher/update', {
        logo: 'https://elsewhere.example.com/logo.png',
      });
      expect(foreignLogo.status).toBe(422);
      expect(foreignLogo.body.errors).toEqual({ logo: [MESSAGES.invalidUrl] });
      expect((await info(admin))!.name).toBe('Northwind Bots Co');
    },
    SLOW_TEST_TIMEOUT_MS,
  );

  it('refuses the publisher user and company roles (403) and an admin without a publisher', async () => {
    for (const email of [DEMO.publisherUser.email, ...COMPANY_ROLES]) {
      const res = await (await as(email)).post('/api/publisher/update', { name: 'Mine now' });
      expect(res.status, email).toBe(403);
    }
    const fresh = await freshPublisherAdmin(t, 'pub-update-none');
    const res = await fresh.post('/api/publisher/update', { name: 'Nothing yet' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PUBLISHER_INFO_MESSAGES.noPublisher);
  });
});
