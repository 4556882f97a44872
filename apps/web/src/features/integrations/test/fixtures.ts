import { CRM_GROUP_TYPE, type IntegrationDetail, type IntegrationListItem } from '@fieldbot/shared';

/** A catalogue row: ServiceTitan, not connected, unless overridden. */
export function makeIntegration(overrides: Partial<IntegrationListItem> = {}): IntegrationListItem {
  return {
    id: 1,
    integration_id: 1,
    slug: 'servicetitan',
    name: 'ServiceTitan',
    sub_title: 'Customers, jobs, technicians and calls',
    group_type: CRM_GROUP_TYPE,
    logo: '/images/integrations/servicetitan.svg',
    dark_logo: '/images/integrations/servicetitan-dark.svg',
    connected_status: 0,
    sync_status: null,
    sync_process_status: null,
    last_synced_at: null,
    last_sync_error: null,
    ...overrides,
  };
}

/** ServiceTitan's fields as the server sends them: JSON text, as spec §3 allows. */
export const SERVICETITAN_FIELDS_JSON = JSON.stringify([
  { name: 'client_id', type: 'text', placeholder: 'Client ID', required: 1 },
  { name: 'secret', label: 'Client Secret', type: 'password', placeholder: null, required: 1 },
  { name: 'tenant_id', type: 'text', placeholder: 'Tenant ID', required: true },
  { name: 'app_key', type: 'text', placeholder: null, required: 1 },
  { name: 'start_date', type: 'date', placeholder: null, required: 0 },
]);

/** GET /api/integration/{id}'s data (the wire form, required_fields still JSON text). */
export function makeDetailBody(
  overrides: Partial<Omit<IntegrationDetail, 'required_fields'>> & {
    required_fields?: unknown;
  } = {},
) {
  return {
    id: 1,
    integration_id: 1,
    slug: 'servicetitan',
    name: 'ServiceTitan',
    required_fields: SERVICETITAN_FIELDS_JSON,
    values: null,
    connected_status: 0,
    sync_status: null,
    sync_process_status: null,
    ...overrides,
  };
}
