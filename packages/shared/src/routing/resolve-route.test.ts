import { describe, expect, it } from 'vitest';
import { isAccountSetUp, onboardingStep, settingsTabs } from './setup';
import { parseInvitationToken, parsePublicMarketplaceSlug } from './paths';
import { resolveRoute, safeRedirectPath } from './resolve-route';
import { sidebarItems } from './sidebar';
import { makeCompany, makeUser } from '../testing/users';

describe('routing rules (spec §2)', () => {
  it('sends a logged-out visitor on a private route to /login, remembering where they were', () => {
    expect(resolveRoute({ pathname: '/customers', search: '?page=2', user: null })).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fcustomers%3Fpage%3D2',
    });
    expect(resolveRoute({ pathname: '/', user: null })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('renders public routes and their token variants when logged out', () => {
    for (const p of [
      '/login',
      '/login/tok',
      '/signup/tok',
      '/forgot-password',
      '/reset-password/abc',
      '/verify/abc',
      '/accept-invite/tok',
      '/invitation-token-expire',
      '/public/marketplace/NWBOTS01-Northwind%20Bots',
    ]) {
      expect(resolveRoute({ pathname: p, user: null })).toEqual({ kind: 'render' });
    }
  });

  it('sends a logged-in visitor on an auth route to redirectTo, else /', () => {
    const user = makeUser('manager');
    expect(resolveRoute({ pathname: '/login', user })).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveRoute({ pathname: '/login', search: '?redirectTo=/users', user })).toEqual({
      kind: 'redirect',
      to: '/users',
    });
    // Never off-site.
    expect(resolveRoute({ pathname: '/login', search: '?redirectTo=//evil.test', user })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(safeRedirectPath('https://evil.test')).toBeNull();
  });

  it('redirects / and /settings per role', () => {
    expect(resolveRoute({ pathname: '/', user: makeUser('field_team') })).toEqual({
      kind: 'redirect',
      to: '/company/dashboard',
    });
    expect(resolveRoute({ pathname: '/', user: makeUser('publisher_user') })).toEqual({
      kind: 'redirect',
      to: '/publisher/dashboard',
    });
    expect(resolveRoute({ pathname: '/settings', user: makeUser('company_admin') })).toEqual({
      kind: 'redirect',
      to: '/settings/company-info',
    });
    expect(resolveRoute({ pathname: '/settings/', user: makeUser('publisher_admin') })).toEqual({
      kind: 'redirect',
      to: '/settings/publisher-info',
    });
    expect(
      resolveRoute({ pathname: '/settings/billing', user: makeUser('company_admin') }),
    ).toEqual({ kind: 'redirect', to: '/settings/billing/invoice-history' });
  });

  it('shows not-found for unknown paths and no-access for known ones outside the role', () => {
    const tech = makeUser('field_team');
    expect(resolveRoute({ pathname: '/nope', user: tech })).toEqual({ kind: 'not-found' });
    expect(resolveRoute({ pathname: '/404', user: tech })).toEqual({ kind: 'not-found' });
    expect(resolveRoute({ pathname: '/customers/1/2', user: tech })).toEqual({ kind: 'not-found' });
    expect(resolveRoute({ pathname: '/bot/list', user: tech })).toEqual({ kind: 'no-access' });
  });
});

describe('account set-up gating (spec §4)', () => {
  it('decides who is set up', () => {
    expect(isAccountSetUp(makeUser('company_admin'))).toBe(true);
    expect(isAccountSetUp(makeUser('company_admin', { company: null }))).toBe(false);
    expect(
      isAccountSetUp(
        makeUser('company_admin', { company: makeCompany({ is_crm_connected: false }) }),
      ),
    ).toBe(false);
    expect(
      isAccountSetUp(
        makeUser('company_admin', { company: makeCompany({ is_billing_connected: false }) }),
      ),
    ).toBe(false);
    expect(
      isAccountSetUp(makeUser('manager', { company: makeCompany({ is_payment_due: true }) })),
    ).toBe(false);
    expect(isAccountSetUp(makeUser('publisher_admin', { publisher: null }))).toBe(false);
    expect(isAccountSetUp(makeUser('publisher_user', { publisher: null }))).toBe(true);
    expect(
      isAccountSetUp(makeUser('field_team', { company: makeCompany({ is_crm_connected: false }) })),
    ).toBe(true);
  });

  it('keeps a company admin who is not set up on settings', () => {
    const admin = makeUser('company_admin', { company: null });
    expect(resolveRoute({ pathname: '/', user: admin })).toEqual({
      kind: 'redirect',
      to: '/settings/company-info',
    });
    expect(resolveRoute({ pathname: '/customers', user: admin })).toEqual({
      kind: 'redirect',
      to: '/settings/company-info',
    });
    expect(resolveRoute({ pathname: '/settings/company-info', user: admin })).toEqual({
      kind: 'render',
    });
    // A tab beyond the onboarding step falls back to the furthest reachable one.
    expect(resolveRoute({ pathname: '/settings/integrations', user: admin })).toEqual({
      kind: 'redirect',
      to: '/settings/company-info',
    });
    const billingStep = makeUser('company_admin', {
      company: makeCompany({ is_billing_connected: false, is_crm_connected: false }),
    });
    expect(resolveRoute({ pathname: '/settings/integrations', user: billingStep })).toEqual({
      kind: 'redirect',
      to: '/settings/billing',
    });
    const crmStep = makeUser('company_admin', {
      company: makeCompany({ is_crm_connected: false }),
    });
    expect(resolveRoute({ pathname: '/settings/integrations', user: crmStep })).toEqual({
      kind: 'render',
    });
  });

  it('keeps a publisher admin without a publisher on publisher settings', () => {
    const admin = makeUser('publisher_admin', { publisher: null });
    expect(resolveRoute({ pathname: '/bot/list', user: admin })).toEqual({
      kind: 'redirect',
      to: '/settings/publisher-info',
    });
  });

  it('logs out other roles that are not set up', () => {
    const due = makeCompany({ is_payment_due: true });
    expect(
      resolveRoute({ pathname: '/customers', user: makeUser('field_team', { company: due }) }),
    ).toEqual({
      kind: 'logout',
    });
    expect(
      resolveRoute({ pathname: '/users', user: makeUser('manager', { company: due }) }),
    ).toEqual({
      kind: 'logout',
    });
  });

  it('computes the onboarding step and disables later settings tabs', () => {
    expect(onboardingStep(null)).toBe(1);
    expect(onboardingStep(makeCompany({ is_billing_connected: false }))).toBe(2);
    expect(onboardingStep(makeCompany({ is_payment_due: true }))).toBe(2);
    expect(onboardingStep(makeCompany({ is_crm_connected: false }))).toBe(3);
    const tabs = settingsTabs(makeUser('company_admin', { company: null }));
    expect(tabs.map((t) => [t.label, t.disabled])).toEqual([
      ['Company Information', false],
      ['Billing', true],
      ['Integration', true],
    ]);
    expect(settingsTabs(makeUser('company_admin')).every((t) => !t.disabled)).toBe(true);
  });
});

describe('sidebar (spec §2 Layout elements)', () => {
  it('shows only permitted modules with client or publisher links', () => {
    expect(sidebarItems(makeUser('field_team')).map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/company/dashboard'],
      ['Customers', '/customers'],
      ['Search', '/search'],
    ]);
    expect(sidebarItems(makeUser('company_admin')).map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/company/dashboard'],
      ['Teams', '/users'],
      ['Customers', '/customers'],
      ['Search', '/search'],
      ['Marketplace', '/marketplace'],
      ['Settings', '/settings/company-info'],
    ]);
    expect(sidebarItems(makeUser('publisher_admin')).map((i) => [i.label, i.to])).toEqual([
      ['Dashboard', '/publisher/dashboard'],
      ['Bots', '/bot/list'],
      ['Clients', '/clients/list'],
      ['Users', '/publisher/users'],
      ['Settings', '/settings/publisher-info'],
    ]);
  });

  it('disables everything but Settings until onboarding is complete', () => {
    const items = sidebarItems(makeUser('company_admin', { company: null }));
    expect(items.filter((i) => !i.disabled).map((i) => i.label)).toEqual(['Settings']);
  });
});

describe('token and slug parsing', () => {
  it('reads invitation tokens from token routes only', () => {
    expect(parseInvitationToken('/login/abc')).toBe('abc');
    expect(parseInvitationToken('/signup/abc/')).toBe('abc');
    expect(parseInvitationToken('/accept-invite/abc')).toBe('abc');
    expect(parseInvitationToken('/login')).toBeNull();
    expect(parseInvitationToken('/verify/abc')).toBeNull();
  });

  it('takes the publisher name from the last dash-separated piece', () => {
    expect(parsePublicMarketplaceSlug('NWBOTS01-Northwind%20Bots')).toEqual({
      code: 'NWBOTS01',
      name: 'Northwind Bots',
    });
    expect(parsePublicMarketplaceSlug('a-b-Globex')).toEqual({ code: 'a-b', name: 'Globex' });
    expect(parsePublicMarketplaceSlug('solo')).toEqual({ code: 'solo', name: 'solo' });
  });
});
