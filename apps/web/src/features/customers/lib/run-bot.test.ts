import { describe, expect, it } from 'vitest';
import { isRunBotDisabled } from './run-bot';

const linked = { crm_user_id: 'crm-1' };
const withJobs = { jobs_count: 3 };
const done = [{ status: 'completed' as const }, { status: 'terminated' as const }];

describe('isRunBotDisabled (spec §4, customer page)', () => {
  it('is enabled for a CRM-linked user, a customer with jobs and only finished interactions', () => {
    expect(isRunBotDisabled({ user: linked, customer: withJobs, interactions: done })).toBe(false);
    expect(isRunBotDisabled({ user: linked, customer: withJobs, interactions: [] })).toBe(false);
  });

  it('is disabled without a crm_user_id', () => {
    expect(
      isRunBotDisabled({ user: { crm_user_id: null }, customer: withJobs, interactions: done }),
    ).toBe(true);
    expect(isRunBotDisabled({ user: null, customer: withJobs, interactions: done })).toBe(true);
  });

  it('is disabled for a customer with no jobs', () => {
    expect(
      isRunBotDisabled({ user: linked, customer: { jobs_count: 0 }, interactions: done }),
    ).toBe(true);
  });

  it('is disabled when any listed interaction is in progress or paused', () => {
    for (const status of ['in-progress', 'paused'] as const) {
      expect(
        isRunBotDisabled({ user: linked, customer: withJobs, interactions: [...done, { status }] }),
      ).toBe(true);
    }
  });

  it('is disabled while the customer or the interactions load', () => {
    expect(isRunBotDisabled({ user: linked, customer: undefined, interactions: done })).toBe(true);
    expect(isRunBotDisabled({ user: linked, customer: withJobs, interactions: undefined })).toBe(
      true,
    );
  });
});
