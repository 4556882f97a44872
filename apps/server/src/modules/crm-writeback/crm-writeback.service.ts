import {
  CRM_WRITEBACK_MESSAGES,
  type CrmWritebackBot,
  type CrmWritebackStatus,
  type DemoCrmNote,
  type User,
} from '@fieldbot/shared';
import { DomainError, forbidden } from '../../lib/errors.js';
import type { CrmWritebackRepo } from './crm-writeback.repo.js';

export type CrmWritebackService = ReturnType<typeof createCrmWritebackService>;

/** How many of the Demo CRM's notes its list shows (the latest). */
export const DEMO_NOTES_LIMIT = 20;

function companyOf(viewer: User): string {
  const id = viewer.company?.id;
  if (!id) throw forbidden();
  return id;
}

/** The company admin's side of the write-back: the per-bot switches and the card's state. */
export function createCrmWritebackService(deps: { repo: CrmWritebackRepo }) {
  const { repo } = deps;
  return {
    async status(viewer: User): Promise<CrmWritebackStatus> {
      const companyId = companyOf(viewer);
      const crm = await repo.connectedCrm(companyId);
      const failure = crm ? await repo.failure(crm.companyIntegrationId) : null;
      const bots = await repo.botSettings(companyId);
      return {
        integration: crm
          ? { integration_id: crm.integrationId, slug: crm.slug, name: crm.name }
          : null,
        bots: bots.map((b) => ({ bot_id: b.botId, name: b.name, enabled: b.enabled })),
        failure: failure
          ? {
              count: failure.failedCount,
              last_error: failure.lastError,
              last_failed_at: failure.lastFailedAt.toISOString(),
            }
          : null,
      };
    },

    /** Only bots the viewer's company subscribes to: any other id is 404, whoever's it is. */
    async setEnabled(viewer: User, botId: string, enabled: boolean): Promise<CrmWritebackBot> {
      const companyId = companyOf(viewer);
      const saved = await repo.setEnabled(companyId, botId, enabled, viewer.id);
      if (!saved) throw new DomainError(404, CRM_WRITEBACK_MESSAGES.botNotFound);
      return { bot_id: saved.botId, name: saved.name, enabled: saved.enabled };
    },

    /** The Demo CRM's latest notes; empty when the company's CRM is another one. */
    async demoNotes(viewer: User): Promise<DemoCrmNote[]> {
      const crm = await repo.connectedCrm(companyOf(viewer));
      if (!crm || crm.slug !== 'demo-crm') return [];
      const notes = await repo.demoNotes(crm.companyIntegrationId, DEMO_NOTES_LIMIT);
      return notes.map((n) => ({
        id: n.id,
        target_kind: n.targetKind,
        target_external_id: n.targetExternalId,
        text: n.text,
        updated_at: n.updatedAt.toISOString(),
      }));
    },
  };
}
