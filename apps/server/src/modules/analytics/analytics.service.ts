import { ANALYTICS_MESSAGES, type AnalyticsBatch, type User } from '@fieldbot/shared';
import { DomainError } from '../../lib/errors.js';
import type { AnalyticsRepo } from './analytics.repo.js';

const HOUR_MS = 3_600_000;

export function createAnalyticsService(deps: {
  repo: Pick<AnalyticsRepo, 'insert' | 'countSince'>;
  /** Events one user may send per rolling hour (ANALYTICS_EVENTS_PER_USER_HOUR). */
  perUserHour: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return {
    /**
     * Stores a batch under the caller's identity: the user, and the company or publisher they
     * belong to now. Nothing in the batch can name another user or tenant. A batch that would
     * take the user past the hourly cap is refused whole (429), so one account cannot fill the
     * table; the web app drops a refused batch rather than sending it again.
     */
    async record(user: User, batch: AnalyticsBatch): Promise<number> {
      const recent = await deps.repo.countSince(user.id, new Date(now() - HOUR_MS));
      if (recent + batch.events.length > deps.perUserHour) {
        throw new DomainError(429, ANALYTICS_MESSAGES.tooMany, {}, { 'Retry-After': '3600' });
      }
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
