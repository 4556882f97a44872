/** Spec §3 "Integration" sync_process_status values and §4 their labels, word for word. */
export const SYNC_PROCESS_STATUSES = ['pending', 'in-progress', 'success', 'fail'] as const;
export type SyncProcessStatus = (typeof SYNC_PROCESS_STATUSES)[number];

export const SYNC_PROCESS_LABELS: Record<SyncProcessStatus, string> = {
  pending: 'Data Sync Pending',
  'in-progress': 'Data Sync Processing',
  success: 'Sync Complete',
  fail: 'Fail',
};

/** The catalogue's providers (server adapters in apps/server/src/providers/crm). */
export const INTEGRATION_SLUGS = ['servicetitan', 'demo-crm'] as const;
export type IntegrationSlug = (typeof INTEGRATION_SLUGS)[number];

/**
 * group_type of field-service CRMs. A connected integration of this group (sync_status 'on') makes
 * the company CRM-connected (spec §4), and is the "service-type integration" whose in-progress or
 * success status sends a referred admin on to /marketplace.
 */
export const CRM_GROUP_TYPE = 'Field Service CRM';

/** Input types of required_fields. `password` values are secrets: stored encrypted, sent back masked. */
export const INTEGRATION_FIELD_TYPES = ['text', 'password', 'date', 'number'] as const;
export type IntegrationFieldType = (typeof INTEGRATION_FIELD_TYPES)[number];

/**
 * What a saved secret looks like in GET /api/integration/{id}. Sending it back unchanged in
 * POST /api/integration keeps the stored secret; any other value replaces it.
 */
export const MASKED_SECRET = '••••••••';

/** Spec §5 "Integration fields", §8 toasts, errors and notices, word for word where the spec gives them. */
export const INTEGRATION_MESSAGES = {
  numericOnly: 'Only numeric characters without any whitespaces are allowed',
  noWhitespace: 'Whitespaces are not allowed',
  dateNotAfterToday: 'Date must be equal to or before today.',
  saved: 'Integration detail successfully saved.',
  idNotFound: 'Integration ID Not Found',
  syncStarted: 'Data sync has started.',
  syncAlreadyRunning: 'A data sync is already in progress.',
  notConnected: 'Connect this integration before syncing it.',
  warning:
    'Please make sure the integration details are correct. Wrong details may disrupt the data sync or corrupt your data, and the provider is not responsible for the consequences.',
  syncNotice:
    'Your data is being synchronized. This may take a few minutes. You can continue to use the platform, but please avoid making major changes until the sync is complete. You will be notified once it is done.',
  crmBanner: '• To utilize the product to its full potential, please connect to a CRM',
  /** The technician has no e-mail address in the CRM, so there is nowhere to send an invitation. */
  technicianNoEmail:
    'This technician has no e-mail address in the CRM. Add one in the CRM and sync again.',
} as const;

/** Refetch interval of the integrations list (spec §8 "Polling"). */
export const INTEGRATIONS_REFETCH_MS = 5_000;
/** Spec §4: a referred admin goes to /marketplace this long after the CRM sync starts. */
export const REFERRAL_REDIRECT_DELAY_MS = 1_000;
