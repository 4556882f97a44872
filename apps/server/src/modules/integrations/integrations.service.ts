import {
  dateTimeFormat,
  CRM_GROUP_TYPE,
  INTEGRATION_MESSAGES,
  MASKED_SECRET,
  MESSAGES,
  allIntegrationValuesEmpty,
  onboardingStep,
  requiredFieldsSchema,
  validateIntegrationValues,
  type IntegrationDetail,
  type IntegrationField,
  type IntegrationListItem,
  type SaveIntegrationRequest,
  type User,
} from '@fieldbot/shared';
import { DomainError, FieldValidationError, forbidden } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { CrmSyncQueue } from './crm-sync-queue.js';
import type { IntegrationRow, IntegrationsRepo } from './integrations.repo.js';

export interface IntegrationsServiceDeps {
  repo: IntegrationsRepo;
  /** Seals and opens the saved values (purpose 'crm-credentials'). */
  box: SecretBox;
  crmSync: CrmSyncQueue;
  /** Drops the cached sessions of a company's users once it becomes CRM-connected. */
  forgetCompanyUsers(companyId: string): void;
  now?: () => Date;
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

const idNotFound = () => new DomainError(404, INTEGRATION_MESSAGES.idNotFound);

/** The company's local date (YYYY-MM-DD) in its timezone; UTC when it has none or it is unknown. */
export function localDate(at: Date, timeZone: string | null): string {
  try {
    return dateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

function companyOf(viewer: User): string {
  const id = viewer.company?.id;
  if (!id) throw forbidden();
  return id;
}

/** Saving and syncing come after billing (spec §4 step 3): earlier steps get 403. */
function requireIntegrationsStep(viewer: User): string {
  const companyId = companyOf(viewer);
  if (onboardingStep(viewer.company) < 3) throw forbidden();
  return companyId;
}

function fieldsOf(row: IntegrationRow): IntegrationField[] {
  return requiredFieldsSchema.parse(row.requiredFields);
}

function toListItem(row: IntegrationRow): IntegrationListItem {
  return {
    id: row.id,
    integration_id: row.id,
    slug: row.slug,
    name: row.name,
    sub_title: row.subTitle,
    group_type: row.groupType,
    logo: row.logo,
    dark_logo: row.darkLogo,
    connected_status: row.connectionId ? 1 : 0,
    sync_status: row.syncStatus,
    sync_process_status: row.syncProcessStatus,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    last_sync_error: row.syncProcessStatus === 'fail' ? row.lastSyncError : null,
  };
}

/** The integrations tab (spec §2, §7): catalogue, saved credentials (sealed, masked) and Sync. */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { repo, box } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The saved values, or null when they no longer open (sealed under a secret since dropped from
   * the configuration): the dialog then asks for them again, as ADR 017 says.
   */
  const openValues = (sealed: string): Record<string, string> | null => {
    try {
      return JSON.parse(box.open(sealed)) as Record<string, string>;
    } catch {
      return null;
    }
  };

  function toDetail(row: IntegrationRow): IntegrationDetail {
    const fields = fieldsOf(row);
    let values: Record<string, string> | null = null;
    const saved = row.valuesSealed ? openValues(row.valuesSealed) : null;
    if (saved) {
      values = {};
      for (const field of fields) {
        const value = saved[field.name];
        if (value === undefined) continue;
        values[field.name] = field.type === 'password' && value !== '' ? MASKED_SECRET : value;
      }
    }
    return {
      id: row.id,
      integration_id: row.id,
      slug: row.slug,
      name: row.name,
      required_fields: fields,
      values,
      connected_status: row.connectionId ? 1 : 0,
      sync_status: row.syncStatus,
      sync_process_status: row.syncProcessStatus,
    };
  }

  async function find(companyId: string, integrationId: number) {
    const row = await repo.find(companyId, integrationId);
    if (!row) throw idNotFound();
    return row;
  }

  return {
    async list(viewer: User, groupType?: string): Promise<IntegrationListItem[]> {
      return (await repo.list(companyOf(viewer), groupType)).map(toListItem);
    },

    async detail(viewer: User, integrationId: number): Promise<IntegrationDetail> {
      return toDetail(await find(companyOf(viewer), integrationId));
    },

    /**
     * Spec §7 POST /api/integration: validates against spec §5, keeps a stored secret sent back
     * masked, stores only the declared fields, sealed. Values never reach the log or the audit.
     */
    async save(viewer: User, body: SaveIntegrationRequest, ip: string): Promise<IntegrationDetail> {
      const companyId = requireIntegrationsStep(viewer);
      const row = await repo.find(companyId, body.integration_id);
      if (!row)
        throw new FieldValidationError({ integration_id: [INTEGRATION_MESSAGES.idNotFound] });
      const fields = fieldsOf(row);
      const declared = Object.fromEntries(fields.map((f) => [f.name, body.values[f.name] ?? '']));
      if (allIntegrationValuesEmpty(declared)) {
        throw new FieldValidationError(
          Object.fromEntries(fields.map((f) => [f.name, [MESSAGES.required]])),
        );
      }
      const today = localDate(now(), await repo.companyTimezone(companyId));
      const errors = validateIntegrationValues(fields, declared, today);

      const stored = (row.valuesSealed ? openValues(row.valuesSealed) : null) ?? {};
      for (const field of fields) {
        if (field.type !== 'password' || declared[field.name] !== MASKED_SECRET) continue;
        const previous = stored[field.name];
        // A mask with nothing behind it would store the mask itself as the secret.
        if (previous === undefined || previous === '') errors[field.name] = MESSAGES.required;
        else declared[field.name] = previous;
      }
      if (Object.keys(errors).length > 0) {
        throw new FieldValidationError(
          Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]])),
        );
      }

      await repo.saveValues(companyId, row.id, box.seal(JSON.stringify(declared)), {
        event: 'integration.saved',
        userId: viewer.id,
        ip,
        meta: {
          company_id: companyId,
          integration_id: row.id,
          replaced: Boolean(row.connectionId),
        },
      });
      return toDetail(await find(companyId, row.id));
    },

    /**
     * Spec §7 POST /api/integration/sync. A sync already pending or running answers 409 with
     * syncAlreadyRunning: the engine would add nothing, and the dialog says so instead of
     * claiming a new sync started. An abandoned one (in progress, but its worker died and the
     * lease ran out) may be started again: the engine resumes it from its cursors.
     */
    async sync(viewer: User, integrationId: number, ip: string): Promise<IntegrationListItem> {
      const companyId = requireIntegrationsStep(viewer);
      const row = await repo.find(companyId, integrationId);
      if (!row)
        throw new FieldValidationError({ integration_id: [INTEGRATION_MESSAGES.idNotFound] });
      if (!row.connectionId) {
        throw new FieldValidationError({ integration_id: [INTEGRATION_MESSAGES.notConnected] });
      }
      const running =
        row.syncProcessStatus === 'pending' ||
        (row.syncProcessStatus === 'in-progress' && !row.syncAbandoned);
      if (running) {
        throw new DomainError(409, INTEGRATION_MESSAGES.syncAlreadyRunning);
      }
      const becameConnected = await repo.markSyncRequested(companyId, row.connectionId, {
        crm: row.groupType === CRM_GROUP_TYPE,
        audit: {
          event: 'integration.sync_requested',
          userId: viewer.id,
          ip,
          meta: { company_id: companyId, integration_id: row.id },
        },
      });
      if (becameConnected) deps.forgetCompanyUsers(companyId);
      await deps.crmSync.requestSync(row.connectionId, 'manual');
      return toListItem(await find(companyId, row.id));
    },
  };
}
