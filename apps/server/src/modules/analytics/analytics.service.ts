import type { AnalyticsBatch, User } from '@fieldbot/shared';
import type { AnalyticsRepo } from './analytics.repo.js';

export function createAnalyticsService(deps: { repo: Pick<AnalyticsRepo, 'insert'> }) {
  return {
    /**
     * Stores a batch under the caller's identity: the user, and the company or publisher they
     * belong to now. Nothing in the batch can name another user or tenant.
     */
    async record(user: User, batch: AnalyticsBatch): Promise<number> {
      await deps.repo.insert(
        batch.events.map((e) => ({
          userId: user.id,
          companyId: user.company?.id ?? null,
          publisherId: user.publisher?.id ?? null,
          event: e.event,
          properties: e.properties,
          occurredAt: new Date(e.at),
        })),
      );
      return batch.events.length;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
