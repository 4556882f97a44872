import type { Db } from '../../db/client.js';
import type { CrmEntity } from '../../db/schema/index.js';
import type { CrmPage } from '../../providers/crm/crm-provider.js';
import { type PageOutcome, type SyncTarget, upsertPage } from './crm-sync-records.repo.js';
import { moveCursor } from './crm-sync-state.repo.js';

/**
 * Writes one exported page: its rows and its entity's cursor in one transaction, so a worker killed
 * mid-sync resumes at the first page that did not commit.
 */
export async function commitSyncPage<E extends CrmEntity>(
  db: Db,
  target: SyncTarget,
  entity: E,
  page: CrmPage<E>,
): Promise<PageOutcome> {
  return db.transaction(async (tx) => {
    const written = await upsertPage(tx, target, entity, page.items);
    const moved = written.created + written.updated;
    await moveCursor(tx, target.companyIntegrationId, entity, page.cursor, moved);
    return written;
  });
}
