import {
  ROLE_TITLES,
  permissionsForRole,
  type Company,
  type RoleAlias,
  type User,
} from '@fieldbot/shared';

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: '00000000-0000-4000-8000-00000000c001',
    name: 'Acme Home Services',
    street_address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipcode: '73301',
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
    ...overrides,
  };
}

/** A set-up user of the given role (company roles get Acme, publisher roles Northwind Bots). */
export function makeUser(alias: RoleAlias, overrides: Partial<User> = {}): User {
  const publisherSide = alias.includes('publisher');
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Dana Demo',
    email: 'dana@demo.fieldbot.test',
    image: null,
    phone: null,
    crm_user_id: null,
    role: { alias, title: ROLE_TITLES[alias] },
    display_mode: 'light',
    created_at: '2026-01-01T00:00:00.000Z',
    company: publisherSide ? null : makeCompany(),
    publisher: publisherSide
      ? { id: '00000000-0000-4000-8000-00000000b001', name: 'Northwind Bots' }
      : null,
    permissions: permissionsForRole(alias),
    intercom_company_id: null,
    intercom_id: 'intercom-1',
    intercom_hash: 'hash',
    ...overrides,
  };
}
