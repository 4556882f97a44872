import {
  AUTH_MESSAGES,
  INVITE_RESEND_INTERVAL_SECONDS,
  MESSAGES,
  TEAM_MESSAGES,
  type User,
} from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DomainError, FieldValidationError } from '../../lib/errors.js';
import type { MailMessage } from '../../providers/mail/index.js';
import type { TeamRepo } from './team.repo.js';
import { createTeamService } from './team.service.js';

const ACME = '11111111-1111-4111-8111-111111111111';
const ADMIN = '22222222-2222-4222-8222-222222222222';
const TECH = '33333333-3333-4333-8333-333333333333';
const INVITATION = '44444444-4444-4444-8444-444444444444';

interface Member {
  id: string;
  name: string;
  email: string;
  image: null;
  phone: string | null;
  crmUserId: string | null;
  createdAt: Date;
  lastActiveAt: Date | null;
  hasPassword: boolean;
  invited: boolean;
  roleAlias: string;
  roleTitle: string;
}

/** An in-memory company: an admin, a technician and one pending invitation. */
function fakeCompany(start: number) {
  const members = new Map<string, Member>([
    [ADMIN, member(ADMIN, 'Ada Admin', 'company_admin', 'Company Admin')],
    [TECH, member(TECH, 'Tina Tech', 'field_team', 'Field Technician')],
  ]);
  const invitation = {
    id: INVITATION,
    email: 'pending@example.test',
    roleAlias: 'field_team',
    sentAt: new Date(start),
    tokenHash: 'first',
  };
  const audits: unknown[] = [];
  const repo = {
    findMember: async (companyId: string, id: string) =>
      companyId === ACME ? (members.get(id) ?? null) : null,
    companyName: async () => 'Acme',
    emailTaken: async (email: string) => [...members.values()].some((m) => m.email === email),
    findPendingInvitation: async (companyId: string, id: string) =>
      companyId === ACME && id === invitation.id ? { ...invitation } : null,
    findLiveInvitationByEmail: async (_c: string, email: string) =>
      email === invitation.email ? { ...invitation } : null,
    insertInvitation: async () => 'new-id',
    renewInvitation: async (
      _id: string,
      values: { tokenHash: string; sentAt: Date; roleAlias?: string },
      sentBefore: Date,
    ) => {
      if (invitation.sentAt > sentBefore) return false;
      Object.assign(invitation, values);
      return true;
    },
    revokeInvitation: async () => true,
    countAdmins: async () => 1,
    roleIdByAlias: async (alias: string) => `role-${alias}`,
    updateMember: async (
      id: string,
      changes: { name?: string; roleId?: string },
      audit: unknown,
    ) => {
      const m = members.get(id)!;
      if (changes.name) m.name = changes.name;
      if (changes.roleId) m.roleAlias = changes.roleId.replace('role-', '');
      if (audit) audits.push(audit);
    },
  } as unknown as TeamRepo;
  return { repo, members, invitation, audits };
}

function member(id: string, name: string, roleAlias: string, roleTitle: string): Member {
  return {
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
    image: null,
    phone: '5125550100',
    crmUserId: null,
    createdAt: new Date(0),
    lastActiveAt: null,
    hasPassword: true,
    invited: false,
    roleAlias,
    roleTitle,
  };
}

const admin = { id: ADMIN, company: { id: ACME }, role: { alias: 'company_admin' } } as User;

function setup() {
  let clock = Date.parse('2026-03-01T12:00:00Z');
  const company = fakeCompany(clock);
  const mails: MailMessage[] = [];
  const forgotten: string[] = [];
  const service = createTeamService({
    repo: company.repo,
    sendMail: async (mail) => void mails.push(mail),
    appUrl: 'https://app.test',
    forgetUser: (id) => void forgotten.push(id),
    now: () => clock,
  });
  return {
    ...company,
    service,
    mails,
    forgotten,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

async function failure(run: () => Promise<unknown>): Promise<DomainError> {
  try {
    await run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a failure');
}

describe('team service', () => {
  it('resends an invitation at most once per interval, with a fresh accept-invite link', async () => {
    const s = setup();
    const early = await failure(() => s.service.resend(admin, INVITATION));
    expect(early.status).toBe(429);
    expect(early.message).toBe(TEAM_MESSAGES.resendTooSoon(INVITE_RESEND_INTERVAL_SECONDS));
    expect(early.headers['retry-after']).toBe(String(INVITE_RESEND_INTERVAL_SECONDS));

    s.advance(INVITE_RESEND_INTERVAL_SECONDS * 1000);
    expect(await s.service.resend(admin, INVITATION)).toBe(TEAM_MESSAGES.resent);
    expect(s.mails).toHaveLength(1);
    expect(s.mails[0]!.text).toMatch(/https:\/\/app\.test\/accept-invite\/\S+/);
    expect(s.invitation.tokenHash).not.toBe('first');
    expect((await failure(() => s.service.resend(admin, INVITATION))).status).toBe(429);
  });

  it('turns a second invite of a pending address into a resend with the new role', async () => {
    const s = setup();
    s.advance(5 * 60_000);
    const message = await s.service.invite(admin, {
      email: 'pending@example.test',
      role_alias: 'manager',
    });
    expect(message).toBe(TEAM_MESSAGES.resent);
    expect(s.invitation.roleAlias).toBe('manager');
    const taken = await failure(() =>
      s.service.invite(admin, { email: 'tina@example.test', role_alias: 'manager' }),
    );
    expect((taken as FieldValidationError).errors).toEqual({ email: [MESSAGES.emailTaken] });
  });

  it('applies only changed fields, audits a role change and forgets the edited user’s sessions', async () => {
    const s = setup();
    expect(await s.service.update(admin, { id: TECH, name: 'Tina Tech' }, '1.2.3.4')).toBe(
      TEAM_MESSAGES.updated,
    );
    expect(s.forgotten).toEqual([]);
    await s.service.update(admin, { id: TECH, role_alias: 'manager' }, '1.2.3.4');
    expect(s.members.get(TECH)!.roleAlias).toBe('manager');
    expect(s.audits).toEqual([
      expect.objectContaining({
        event: 'team.role_changed',
        actorId: ADMIN,
        meta: expect.objectContaining({ from: 'field_team', to: 'manager' }),
      }),
    ]);
    expect(s.forgotten).toEqual([TECH]);
  });

  it('refuses CRM-locked name and phone, the own role, and the last admin’s role', async () => {
    const s = setup();
    s.members.get(TECH)!.crmUserId = 'crm-1';
    const locked = (await failure(() =>
      s.service.update(admin, { id: TECH, name: 'Other', phone: '5125559999' }, ''),
    )) as FieldValidationError;
    expect(locked.errors).toEqual({
      name: [AUTH_MESSAGES.crmLocked],
      phone: [AUTH_MESSAGES.crmLocked],
    });
    const own = (await failure(() =>
      s.service.update(admin, { id: ADMIN, role_alias: 'manager' }, ''),
    )) as FieldValidationError;
    expect(own.errors).toEqual({ role_alias: [TEAM_MESSAGES.ownRole] });
    const secondAdmin = { ...admin, id: TECH } as User;
    const last = (await failure(() =>
      s.service.update(secondAdmin, { id: ADMIN, role_alias: 'manager' }, ''),
    )) as FieldValidationError;
    expect(last.errors).toEqual({ role_alias: [TEAM_MESSAGES.lastAdmin] });
    expect(s.audits).toEqual([]);
  });

  it('answers 404 for another company, no company, or a malformed id (update: User not found)', async () => {
    const s = setup();
    const other = { ...admin, company: { id: 'other' } } as User;
    for (const run of [
      () => s.service.member(other, TECH),
      () => s.service.member({ ...admin, company: null } as User, TECH),
      () => s.service.member(admin, 'not-a-uuid'),
    ]) {
      const error = await failure(run);
      expect(error.status).toBe(404);
      expect(error.message).toBe(AUTH_MESSAGES.notFound);
    }
    for (const id of [TECH, 'not-a-uuid']) {
      const error = await failure(() => s.service.update(other, { id, name: 'X' }, ''));
      expect(error.status).toBe(404);
      expect(error.message).toBe(MESSAGES.userNotFound);
    }
  });
});
