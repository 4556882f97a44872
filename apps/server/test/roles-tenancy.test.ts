import {
  AUTH_MESSAGES,
  ROLE_PERMISSION_NAMES,
  ROLE_TITLES,
  userResponseSchema,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './support/api-client';
import { DEMO } from './support/demo';
import { SLOW_TEST_TIMEOUT_MS, useTestApp } from './support/test-app';

const t = useTestApp();
const sessions = new Map<string, ApiClient>();

async function as(email: string): Promise<ApiClient> {
  const known = sessions.get(email);
  if (known) return known;
  const c = t.client();
  await c.loginAs(email);
  sessions.set(email, c);
  return c;
}

describe('demo accounts: role, organisation and permissions', () => {
  for (const [key, account] of Object.entries(DEMO)) {
    it(`${key} (${account.email}) is a ${ROLE_TITLES[account.role]}`, async () => {
      const res = await (await as(account.email)).get('/api/user/me');
      expect(res.status, res.text).toBe(200);
      const user = userResponseSchema.parse(res.body).data;
      expect(user.email).toBe(account.email);
      expect(user.role).toEqual({ alias: account.role, title: ROLE_TITLES[account.role] });
      expect(user.company?.name ?? null).toBe(account.company);
      expect(user.publisher?.name ?? null).toBe(account.publisher);
      expect(user.permissions.map((p) => p.name).sort()).toEqual(
        [...ROLE_PERMISSION_NAMES[account.role]].sort(),
      );
      expect([...new Set(user.permissions.map((p) => p.module))].sort()).toEqual(
        [...account.modules].sort(),
      );
      if (user.company) {
        expect(user.intercom_company_id).toBe(user.company.id);
      } else {
        expect(user.intercom_company_id).toBeNull();
      }
    });
  }

  it('gives Acme set-up flags: billing and CRM connected, nothing due', async () => {
    const user = (await (await as(DEMO.admin.email)).get('/api/user/me')).body.data;
    expect(user.company).toMatchObject({
      is_billing_connected: true,
      is_crm_connected: true,
      is_payment_due: false,
    });
    const manager = (await (await as(DEMO.manager.email)).get('/api/user/me')).body.data;
    const tech = (await (await as(DEMO.tech.email)).get('/api/user/me')).body.data;
    expect(manager.company.id).toBe(user.company.id);
    expect(tech.company.id).toBe(user.company.id);
    const globex = (await (await as(DEMO.globex.email)).get('/api/user/me')).body.data;
    expect(globex.company.id).not.toBe(user.company.id);
    const pubAdmin = (await (await as(DEMO.publisher.email)).get('/api/user/me')).body.data;
    const pubUser = (await (await as(DEMO.publisherUser.email)).get('/api/user/me')).body.data;
    expect(pubAdmin.publisher.id).toBe(pubUser.publisher.id);
  });
});

describe('publisher invitation tokens', () => {
  it('says is_valid false for garbage, anonymous or logged in', async () => {
    for (const client of [t.client(), await as(DEMO.admin.email)]) {
      for (const token of ['garbage', 'x'.repeat(64), '00000000-0000-0000-0000-000000000000']) {
        const res = await client.post('/api/user/validate-publisher-invitation-token', {
          invitation_token: token,
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual({ data: { is_valid: false } });
      }
    }
  });

  it('refuses to accept a garbage invitation', async () => {
    const res = await t.client().post('/api/user/accept-invite', {
      invitation_token: 'garbage',
      name: 'Nobody Here',
      password: 'Tangerine#Kiwi2026x',
      password_confirmation: 'Tangerine#Kiwi2026x',
    });
    expect([404, 422], res.text).toContain(res.status);
    expect(res.body.message).toBe(AUTH_MESSAGES.invalidToken);
  });
});

/**
 * Spec §7 GET /api/company/team/{id} (user detail): the smallest company route that exercises a
 * role/permission requirement (teams.manage: company admin and manager), tenancy (a user of another
 * company is not found) and set-up gating (newadmin has no company yet).
 */
describe('role, tenant and set-up enforcement on GET /api/company/team/{id}', () => {
  async function idOf(email: string): Promise<string> {
    const res = await (await as(email)).get('/api/user/me');
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  }

  it('shows a team member of the same company to its admin and manager', async () => {
    const managerId = await idOf(DEMO.manager.email);
    const techId = await idOf(DEMO.tech.email);
    const byAdmin = await (await as(DEMO.admin.email)).get(`/api/company/team/${managerId}`);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.data).toMatchObject({
      id: managerId,
      email: DEMO.manager.email,
      role: { alias: 'manager', title: 'Company Manager' },
    });
    expect(byAdmin.text).not.toMatch(/password|token_hash/i);
    const byManager = await (await as(DEMO.manager.email)).get(`/api/company/team/${techId}`);
    expect(byManager.status, byManager.text).toBe(200);
    expect(byManager.body.data).toMatchObject({ id: techId, email: DEMO.tech.email });
  });

  it("answers another company's user, or an unknown id, as not found", async () => {
    const globexId = await idOf(DEMO.globex.email);
    const acmeId = await idOf(DEMO.admin.email);
    const admin = await as(DEMO.admin.email);
    // The route exists and answers for a user of the same company, so a 404 below means "not yours".
    const own = await admin.get(`/api/company/team/${await idOf(DEMO.manager.email)}`);
    expect(own.status, own.text).toBe(200);
    for (const id of [globexId, '00000000-0000-4000-8000-000000000000']) {
      const res = await admin.get(`/api/company/team/${id}`);
      expect(res.status, res.text).toBe(404);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.notFound });
    }
    // Malformed ids are not found either, never a database error.
    for (const id of [
      'not-a-uuid',
      "1' OR '1'='1",
      'x'.repeat(64),
      '%00',
      '%20',
      '..%2F..%2Fuser',
    ]) {
      const res = await admin.get(`/api/company/team/${id}`);
      expect([404, 422], `${id}: ${res.text}`).toContain(res.status);
    }
    const reverse = await (await as(DEMO.globex.email)).get(`/api/company/team/${acmeId}`);
    expect(reverse.status, reverse.text).toBe(404);
    // A publisher's account is no company's team member either.
    const publisherId = await idOf(DEMO.publisher.email);
    expect((await admin.get(`/api/company/team/${publisherId}`)).status).toBe(404);
  });

  it('refuses publisher roles and a field technician with 403', async () => {
    const managerId = await idOf(DEMO.manager.email);
    for (const email of [DEMO.publisher.email, DEMO.publisherUser.email, DEMO.tech.email]) {
      const res = await (await as(email)).get(`/api/company/team/${managerId}`);
      expect(res.status, `${email}: ${res.text}`).toBe(403);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.forbidden });
    }
  });

  it('refuses a company admin who is not set up (newadmin) and an anonymous caller', async () => {
    const managerId = await idOf(DEMO.manager.email);
    const newadmin = await (await as(DEMO.newadmin.email)).get(`/api/company/team/${managerId}`);
    expect(newadmin.status, newadmin.text).toBe(403);
    expect(newadmin.body).toEqual({ message: AUTH_MESSAGES.forbidden });
    // What set-up needs stays open to newadmin.
    expect((await (await as(DEMO.newadmin.email)).get('/api/data?items=timezones')).status).toBe(
      200,
    );
    const anonymous = await t.client().get(`/api/company/team/${managerId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });
});

describe('payment due (contract: 401 with is_payment_due on gated company routes)', () => {
  it(
    'answers gated company routes with 401 is_payment_due:1 while me still works',
    async () => {
      const admin = await as(DEMO.admin.email);
      const manager = await as(DEMO.manager.email);
      const managerId = (await manager.get('/api/user/me')).body.data.id as string;
      await t.inspect((q) =>
        q(`UPDATE companies SET is_payment_due = true WHERE name = 'Acme Home Services'`),
      );
      try {
        const me = await admin.get('/api/user/me');
        expect(me.status, me.text).toBe(200);
        expect(me.body.data.company.is_payment_due).toBe(true);
        for (const client of [admin, manager]) {
          const res = await client.get(`/api/company/team/${managerId}`);
          expect(res.status, res.text).toBe(401);
          expect(res.body).toEqual({ message: AUTH_MESSAGES.paymentDue, is_payment_due: 1 });
        }
        // Globex is not affected.
        const globex = await as(DEMO.globex.email);
        const globexId = (await globex.get('/api/user/me')).body.data.id as string;
        expect((await globex.get(`/api/company/team/${globexId}`)).status).toBe(200);
      } finally {
        await t.inspect((q) =>
          q(`UPDATE companies SET is_payment_due = false WHERE name = 'Acme Home Services'`),
        );
      }
      expect((await admin.get(`/api/company/team/${managerId}`)).status).toBe(200);
    },
    SLOW_TEST_TIMEOUT_MS,
  );
});
