import { REDIRECT_DELAY_MS } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '@fieldbot/shared/testing';
import { postLoginPlan } from './post-login';

describe('postLoginPlan (spec §2 redirectTo rules)', () => {
  it('goes to / at once when there is no redirectTo', () => {
    expect(postLoginPlan(makeUser(), null)).toEqual({ to: '/', delayMs: 0, vanityPopup: false });
  });

  it('sends a set-up company admin to the redirectTo after the delay', () => {
    expect(postLoginPlan(makeUser(), '/marketplace/bot/7')).toEqual({
      to: '/marketplace/bot/7',
      delayMs: REDIRECT_DELAY_MS,
      vanityPopup: false,
    });
  });

  it('flags the vanity popup and goes to / for an admin who is not set up', () => {
    const admin = makeUser('company_admin', {
      company: { ...makeCompany(), is_crm_connected: false },
    });
    expect(postLoginPlan(admin, '/marketplace')).toEqual({
      to: '/',
      delayMs: REDIRECT_DELAY_MS,
      vanityPopup: true,
    });
  });

  it('flags the vanity popup and goes to / for every other role', () => {
    const publisher = makeUser('company_admin', {
      role: { alias: 'publisher_admin', title: 'Publisher Admin' },
      company: null,
      publisher: { id: 'p1', name: 'Northwind Bots' },
    });
    expect(postLoginPlan(publisher, '/marketplace').vanityPopup).toBe(true);
    expect(postLoginPlan(publisher, '/marketplace').to).toBe('/');
  });

  it('ignores a redirectTo that leaves the site', () => {
    expect(postLoginPlan(makeUser(), 'https://evil.example/x').to).toBe('/');
    expect(postLoginPlan(makeUser(), '//evil.example').delayMs).toBe(0);
  });
});
