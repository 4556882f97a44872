import { CRM_GROUP_TYPE, type IntegrationField, type IntegrationSlug } from '@fieldbot/shared';

/** Fields of spec §3 as stored in integrations.required_fields (`required` as a boolean). */
type CatalogueField = Omit<IntegrationField, 'placeholder'> & { placeholder?: string };

export interface CatalogueEntry {
  id: number;
  slug: IntegrationSlug;
  name: string;
  subTitle: string;
  groupType: string;
  logo: string;
  darkLogo: string;
  requiredFields: CatalogueField[];
  sortOrder: number;
}

const startDate: CatalogueField = {
  name: 'start_date',
  label: 'Sync data from',
  type: 'date',
  required: true,
};

/** The integrations catalogue (GET /api/integration); ids are fixed so every installation agrees. */
export const INTEGRATION_CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 1,
    slug: 'servicetitan',
    name: 'ServiceTitan',
    subTitle: 'Field service management',
    groupType: CRM_GROUP_TYPE,
    logo: '/images/integrations/servicetitan.svg',
    darkLogo: '/images/integrations/servicetitan-dark.svg',
    requiredFields: [
      { name: 'client_id', label: 'Client ID', type: 'text', required: true },
      { name: 'secret', label: 'Client Secret', type: 'password', required: true },
      { name: 'tenant_id', label: 'Tenant ID', type: 'text', required: true },
      { name: 'app_key', label: 'App Key', type: 'password', required: true },
      startDate,
    ],
    sortOrder: 1,
  },
  {
    id: 2,
    slug: 'demo-crm',
    name: 'Demo CRM',
    subTitle: 'A simulated field-service CRM for trying Fieldbot',
    groupType: CRM_GROUP_TYPE,
    logo: '/images/integrations/demo-crm.svg',
    darkLogo: '/images/integrations/demo-crm-dark.svg',
    requiredFields: [
      {
        name: 'tenant_id',
        label: 'Tenant ID',
        type: 'text',
        placeholder: 'Any number, e.g. 1001',
        required: true,
      },
      startDate,
    ],
    sortOrder: 2,
  },
];

export const DEMO_CRM_INTEGRATION_ID = 2;
