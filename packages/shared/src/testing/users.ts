import { permissionsForRole } from '../auth/permissions';
import { ROLE_TITLES, type RoleAlias } from '../auth/roles';
import type { Company, User } from '../auth/user.schema';

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    name: 'Acme Home Services',
    street_address: '100 Main St',
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
    country: 'US',
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
    share_bot_examples: false,
    consent_method: 'confirmation',
    ...overrides,
  };
}

/** A set-up user of the role: company roles get Acme, publisher roles Northwind Bots. */
export function makeUser(alias: RoleAlias = 'company_admin', overrides: Partial<User> = {}): User {
  const publisher = alias.includes('publisher');
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Admin',
    email: 'admin@demo.fieldbot.test',
    image: null,
    phone: '5125550100',
    crm_user_id: null,
    role: { alias, title: ROLE_TITLES[alias] },
    display_mode: 'light',
    created_at: '2026-01-01T00:00:00.000Z',
    company: publisher ? null : makeCompany(),
    publisher: publisher
      ? { id: '00000000-0000-4000-8000-00000000b001', name: 'Northwind Bots' }
      : null,
    permissions: permissionsForRole(alias),
    intercom_company_id: null,
    intercom_id: '00000000-0000-4000-8000-000000000001',
    intercom_hash: 'hash',
    ...overrides,
  };
}
