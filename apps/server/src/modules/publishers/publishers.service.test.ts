import { PUBLISHER_INFO_MESSAGES, type User } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/errors.js';
import type { PublisherRow, PublishersRepo } from './publishers.repo.js';
import { createPublishersService } from './publishers.service.js';
import { REFERRAL_CODE_LENGTH, newReferralCode } from './referral-code.js';

const ADMIN = { id: 'admin-1', publisher: null } as unknown as User;
const form = { name: 'Lake Bots', description: 'Bots.', support_email: 'a@b.example.com' };

/** A repo whose publishers table already holds `taken` codes (the unique index refuses them). */
function fakeRepo(taken: Set<string>) {
  const created: PublisherRow[] = [];
  const repo = {
    isLogoUploadedBy: async () => true,
    createForAdmin: async (_admin: string, values: { name: string; code: string }) => {
      if (taken.has(values.code)) {
        throw Object.assign(new Error('duplicate key value violates unique constraint'), {
          code: '23505',
        });
      }
      const row = {
        id: `pub-${created.length + 1}`,
        markupPercent: 20,
        logo: null,
        description: null,
        website: null,
        supportEmail: null,
        createdAt: new Date(0),
        ...values,
      } as PublisherRow;
      created.push(row);
      return row.id;
    },
    findById: async (id: string) => created.find((r) => r.id === id) ?? null,
  } as unknown as PublishersRepo;
  return { repo, created };
}

describe('referral codes', () => {
  it('are 8 uppercase letters and digits, and vary', () => {
    const codes = new Set(Array.from({ length: 50 }, newReferralCode));
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(REFERRAL_CODE_LENGTH).toBe(8);
    expect(codes.size).toBeGreaterThan(45);
  });
});

describe('publisher create', () => {
  it('draws another code when the drawn one is taken', async () => {
    const draws = ['TAKEN001', 'TAKEN002', 'FRESH003'];
    const { repo, created } = fakeRepo(new Set(['TAKEN001', 'TAKEN002']));
    const service = createPublishersService({
      repo,
      isOurFileUrl: () => true,
      forgetUser: () => {},
      newCode: () => draws.shift()!,
    });
    const info = await service.create(ADMIN, form);
    expect(info.code).toBe('FRESH003');
    expect(created).toHaveLength(1);
  });

  it('gives up after a few taken codes instead of looping', async () => {
    const { repo } = fakeRepo(new Set(['SAMECODE']));
    const service = createPublishersService({
      repo,
      isOurFileUrl: () => true,
      forgetUser: () => {},
      newCode: () => 'SAMECODE',
    });
    await expect(service.create(ADMIN, form)).rejects.toThrow(/unique/);
  });

  it('refuses an admin who already has a publisher', async () => {
    const { repo } = fakeRepo(new Set());
    const service = createPublishersService({
      repo,
      isOurFileUrl: () => true,
      forgetUser: () => {},
    });
    const withPublisher = { ...ADMIN, publisher: { id: 'p', name: 'P' } } as User;
    const error = await service.create(withPublisher, form).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as DomainError).message).toBe(PUBLISHER_INFO_MESSAGES.alreadyHasPublisher);
  });
});
