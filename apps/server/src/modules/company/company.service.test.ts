import type { User } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors.js';
import type { CompanyRepo } from './company.repo.js';
import { createCompanyService } from './company.service.js';

const ACME = '11111111-1111-4111-8111-111111111111';
const MEMBER = '22222222-2222-4222-8222-222222222222';

const repo = {
  async findTeamMember(companyId: string, userId: string) {
    if (companyId !== ACME || userId !== MEMBER) return null;
    return {
      id: MEMBER,
      name: 'Mark',
      email: 'm@x.test',
      image: null,
      phone: null,
      crmUserId: null,
      createdAt: new Date(0),
      emailVerifiedAt: new Date(0),
      roleAlias: 'manager',
      roleTitle: 'Company Manager',
    };
  },
} as unknown as CompanyRepo;

const viewer = (companyId: string | null) =>
  ({ company: companyId ? { id: companyId } : null }) as unknown as User;

async function statusOf(run: () => Promise<unknown>) {
  try {
    await run();
    return 200;
  } catch (error) {
    return (error as DomainError).status;
  }
}

describe('team member lookup', () => {
  const service = createCompanyService({
    repo,
    isOurFileUrl: () => false,
    loadUser: async () => null,
    forgetUser: () => {},
  });

  it('returns a member of the viewer’s own company', async () => {
    const member = await service.teamMember(viewer(ACME), MEMBER);
    expect(member).toMatchObject({ id: MEMBER, status: 'active', role: { alias: 'manager' } });
  });

  it('answers another company, no company, or a malformed id as not found', async () => {
    expect(await statusOf(() => service.teamMember(viewer('other'), MEMBER))).toBe(404);
    expect(await statusOf(() => service.teamMember(viewer(null), MEMBER))).toBe(404);
    expect(await statusOf(() => service.teamMember(viewer(ACME), 'not-a-uuid'))).toBe(404);
  });
});
