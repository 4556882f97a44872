import type { Company, User } from '@fieldbot/shared';

export const setUpCompany: Company = {
  id: '7f0c2b9e-7a55-4a6b-9a55-7d3f2c1b0a01',
  name: 'Acme Home Services',
  street_address: '100 Main St',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  country: 'US',
  latLng: { lat: 30.27, lng: -97.74 },
  timezones: { id: 1, name: 'Central Time' },
  logo: null,
  description: 'Home services',
  industry_id: 1,
  type_id: 1,
  trades: [1],
  field_team_process: null,
  phone_process: null,
  soft_capacity: 100,
  hard_capacity: 200,
  is_billing_connected: true,
  is_crm_connected: true,
  is_payment_due: false,
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '3b6f7c1e-2d4a-4e8b-9c0d-1a2b3c4d5e6f',
    name: 'Ada Admin',
    email: 'admin@demo.fieldbot.test',
    image: null,
    phone: '5125550100',
    crm_user_id: null,
    role: { alias: 'company_admin', title: 'Company Admin' },
    display_mode: 'light',
    created_at: '2026-01-01T00:00:00.000Z',
    company: setUpCompany,
    publisher: null,
    permissions: [],
    intercom_company_id: null,
    intercom_id: '3b6f7c1e-2d4a-4e8b-9c0d-1a2b3c4d5e6f',
    intercom_hash: 'hash',
    ...overrides,
  };
}
