import { ROLE, type SearchHit, type SearchQuery, type User } from '@fieldbot/shared';
import { viewerScope } from '../../lib/viewer-scope.js';
import type { LineRow, SearchRepo } from './search.repo.js';
import { headlineFragments } from './search-text.js';

export type SearchService = ReturnType<typeof createSearchService>;

const iso = (value: string | Date) => new Date(value).toISOString();

export function createSearchService(deps: { repo: SearchRepo }) {
  const { repo } = deps;
  return {
    /** A page of the conversations the user may open that match, with their matching lines. */
    async search(user: User, query: SearchQuery) {
      const scope = viewerScope(user);
      const page = await repo.page(scope, query);
      const lines = await repo.lines(
        page.items.map((item) => item.id),
        query.q,
      );
      const linesOf = new Map<string, LineRow[]>();
      for (const line of lines) {
        linesOf.set(line.interaction_id, [...(linesOf.get(line.interaction_id) ?? []), line]);
      }
      const items: SearchHit[] = page.items.map((item) => {
        const own = linesOf.get(item.id) ?? [];
        return {
          id: item.id,
          interaction_id: item.number,
          type: item.type,
          call_type: item.call_type,
          customer_id: item.customer_id,
          customer_name: item.customer_name,
          recording_by: item.recording_by,
          started_at: iso(item.started_at),
          lines: own.map((line) => ({
            position: line.position,
            start_seconds: line.start_seconds,
            speaker: line.speaker,
            fragments: headlineFragments(line.headline),
          })),
          more_lines: Math.max(0, (own[0]?.matching ?? 0) - own.length),
        };
      });
      return { items, count: page.count, count_capped: page.capped };
    },

    /** What the filters offer; a technician only ever sees their own, so no technician list. */
    async filters(user: User) {
      const { companyId } = viewerScope(user);
      const [technicians, bots] = await Promise.all([
        user.role.alias === ROLE.FIELD_TEAM ? [] : repo.technicians(companyId),
        repo.bots(companyId),
      ]);
      return {
        technicians,
        bots: bots.map((bot) => ({
          id: bot.id,
          name: bot.name,
          tags:
            typeof bot.tags === 'string' ? (JSON.parse(bot.tags) as string[]) : (bot.tags ?? []),
        })),
      };
    },
  };
}
