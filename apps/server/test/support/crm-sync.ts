import { createSecretBox } from '../../src/lib/secret-box';
import type { IntegrationSlug } from '@fieldbot/shared';
import type {
  CrmCall,
  CrmCustomer,
  CrmJob,
  CrmTechnician,
} from '../../src/providers/crm/crm-provider';
import { waitFor } from './recordings';
import type { SqlQuery, TestApp } from './test-app';

/**
 * Connects a company to a CRM as POST /api/integration does: the company_integrations row of the
 * seeded catalogue entry, values sealed under the server's credentials secret (replacing a seeded
 * connection, such as Acme's Demo CRM). Returns the company integration id.
 */
export async function connectCrm(
  t: Pick<TestApp, 'env'>,
  q: SqlQuery,
  companyId: string,
  slug: IntegrationSlug,
  values: Record<string, string>,
): Promise<string> {
  const box = createSecretBox({
    secret: t.env.CRM_CREDENTIALS_SECRET ?? t.env.SESSION_SECRET!,
    purpose: 'crm-credentials',
  });
  const [row] = await q(
    `INSERT INTO company_integrations (company_id, integration_id, values_sealed)
     SELECT $1, id, $3 FROM integrations WHERE slug = $2
     ON CONFLICT (company_id, integration_id) DO UPDATE SET values_sealed = excluded.values_sealed,
       sync_process_status = null, last_synced_at = null, last_sync_error = null
     RETURNING id`,
    [companyId, slug, box.seal(JSON.stringify(values))],
  );
  return String(row!.id);
}

export async function companyOf(q: SqlQuery, email: string): Promise<string> {
  const [row] = await q(`SELECT company_id FROM users WHERE lower(email) = $1`, [email]);
  return String(row!.company_id);
}

/** Requests a sync and waits for it to end; returns its run row. */
export async function syncAndWait(
  t: TestApp,
  id: string,
  timeoutMs = 60_000,
): Promise<{
  status: string;
  counts: Record<string, { created: number; updated: number }>;
  error: string | null;
}> {
  await t.crmSync.requestSync(id, 'manual');
  return waitFor(
    'the sync to end',
    () =>
      t.inspect(async (q) => {
        const [integration] = await q(
          `SELECT sync_process_status FROM company_integrations WHERE id = $1`,
          [id],
        );
        const status = integration?.sync_process_status;
        if (status !== 'success' && status !== 'fail') return undefined;
        const [run] = await q(
          `SELECT status, counts, error FROM crm_sync_runs
           WHERE company_integration_id = $1 ORDER BY created_at DESC LIMIT 1`,
          [id],
        );
        return run as {
          status: string;
          counts: Record<string, { created: number; updated: number }>;
          error: string | null;
        };
      }),
    timeoutMs,
  );
}

export const technician = (id: string, extra: Partial<CrmTechnician> = {}): CrmTechnician => ({
  externalId: id,
  name: `Tech ${id}`,
  email: `${id}@crm.example.test`,
  phone: '5550100000',
  active: true,
  ...extra,
});

export const customer = (id: string, extra: Partial<CrmCustomer> = {}): CrmCustomer => ({
  externalId: id,
  name: `Customer ${id}`,
  type: 'Residential',
  active: true,
  ...extra,
});

export const job = (id: string, customerId: string, extra: Partial<CrmJob> = {}): CrmJob => ({
  externalId: id,
  jobNumber: `N-${id}`,
  customerExternalId: customerId,
  locationExternalId: null,
  technicianExternalId: null,
  status: 'scheduled',
  revenueCents: null,
  completedAt: null,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  ...extra,
});

export const call = (id: string, extra: Partial<CrmCall> = {}): CrmCall => ({
  externalId: id,
  customerExternalId: null,
  jobExternalId: null,
  direction: 'Inbound',
  callType: 'Booked',
  durationSeconds: 2,
  startedAt: new Date('2026-11-02T10:00:00Z'),
  agentName: 'Casey CSR',
  recordingRef: `rec-${id}`,
  ...extra,
});
