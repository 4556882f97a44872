import { permissionsForRole } from '../auth/permissions';
import { ROLE_TITLES, type RoleAlias } from '../auth/roles';
import type { Company, User } from '../auth/user.schema';

/** Builders for rule tests (kept out of index.ts, so no app code can import them). */
export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c1',
    name: 'Acme Home Services',
    street_address: null,
    city: null,
    state: null,
    zipcode: null,
    country: null,
    latLng: null,
    timezones: null,
    logo: null,
    description: null,
    industry_id: null,
    type_id: null,
    trades: [],
    field_team_process: null,
    phone_process: null,
    soft_capacity: null,
    hard_capacity: null,
    is_billing_connected: true,
    is_crm_connected: true,
    is_payment_due: false,
    ...overrides,
  };
}

export function makeUser(alias: RoleAlias, overrides: Partial<User> = {}): User {
  const publisher = alias.includes('publisher');
  return {
    id: 'u1',
    name: 'Demo User',
    email: 'demo@example.test',
    image: null,
    phone: null,
    crm_user_id: null,
    role: { alias, title: ROLE_TITLES[alias] },
    display_mode: 'light',
    created_at: '2026-01-01T00:00:00.000Z',
    company: publisher ? null : makeCompany(),
    publisher: publisher ? { id: 'p1', name: 'Northwind Bots' } : null,
    permissions: permissionsForRole(alias),
    intercom_company_id: null,
    intercom_id: 'u1',
    intercom_hash: 'x',
    ...overrides,
  };
}
