import {
  MESSAGES,
  type V1BotResult,
  type V1BotResultListQuery,
  type V1BotResultListResponse,
  type V1InteractionDetail,
  type V1InteractionListQuery,
  type V1InteractionListResponse,
} from '@fieldbot/shared';
import { fieldError, notFound } from '../../lib/errors.js';
import { toInteractionListItem } from '../interactions/index.js';
import type { ApiKeyPrincipal } from '../api-keys/index.js';
import type { BotResultRow, Keyset, PublicApiRepo } from './public-api.repo.js';

export type PublicApiService = ReturnType<typeof createPublicApiService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A timestamptz as PostgreSQL prints it: `2026-12-06 20:58:54.123456+00`. */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** Opaque to clients: base64url JSON of the last item's sort timestamp and id. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.at, keyset.id])).toString('base64url');
}

/** The keyset of a cursor; 422 on the cursor field for anything this API did not hand out. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    typeof parsed[0] === 'string' &&
    typeof parsed[1] === 'string' &&
    PG_TIMESTAMP.test(parsed[0]) &&
    UUID.test(parsed[1])
  ) {
    return { at: parsed[0], id: parsed[1] };
  }
  throw fieldError('cursor', MESSAGES.invalidValue);
}

/** A page of `limit + 1` rows: the first `limit`, and the cursor after the last when more follow. */
function page<R, T>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => Keyset,
  map: (rows: R[]) => T[],
): { data: T[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    data: map(shown),
    next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}

export function createPublicApiService(deps: { repo: PublicApiRepo }) {
  const { repo } = deps;

  /** Results with each response tag's reviewer verdict (null when unmarked). */
  async function toBotResults(rows: BotResultRow[]): Promise<V1BotResult[]> {
    const feedback = await repo.feedbackOf(rows.map((r) => r.id));
    return rows.map((row) => {
      const verdicts = new Map(
        feedback.filter((f) => f.resultId === row.id).map((f) => [f.tagPosition, f.verdict]),
      );
      return {
        id: row.id,
        bot_id: row.botId,
        bot_name: row.botName,
        version: row.version,
        status: row.status,
        error_message: row.errorMessage,
        run_type: row.runType,
        run_at: row.runAt.toISOString(),
        interaction_id: row.interactionId,
        customer_id: row.interactionId ? null : row.customerId,
        finished_at: row.finishedAt?.toISOString() ?? null,
        output_tags: row.outputTags,
        response_tags:
          row.responseTags?.map((tag, i) => ({ ...tag, verdict: verdicts.get(i) ?? null })) ?? null,
      };
    });
  }

  return {
    async interactions(
      key: ApiKeyPrincipal,
      query: V1InteractionListQuery,
    ): Promise<V1InteractionListResponse> {
      const rows = await repo.interactions(key.companyId, {
        type: query.type,
        updatedSince: query.updated_since ? new Date(query.updated_since) : undefined,
        after: decodeCursor(query.cursor),
        limit: query.limit,
      });
      return page(
        rows,
        query.limit,
        (row) => ({ at: row.startedAtKey, id: row.id }),
        (shown) =>
          shown.map((row) => ({
            ...toInteractionListItem(row),
            customer: { id: row.customerId, name: row.customerName },
            transcript_status: row.transcriptStatus,
            updated_at: row.updatedAt.toISOString(),
          })),
      );
    },

    /** Another company's interaction reads as absent (404), never as forbidden. */
    async interaction(key: ApiKeyPrincipal, id: string): Promise<V1InteractionDetail> {
      const row = await repo.interaction(key.companyId, id);
      if (!row) throw notFound();
      return {
        ...toInteractionListItem(row),
        customer: { id: row.customerId, name: row.customerName },
        audio_merge_status: row.audioMergeStatus,
        audio_merge_error_message: row.audioMergeErrorMessage,
        transcript: row.transcriptText,
        transcript_status: row.transcriptStatus,
        transcript_error_message: row.transcriptErrorMessage,
        transcript_segments: row.segments,
        transcript_engine: row.transcriptEngine,
        updated_at: row.updatedAt.toISOString(),
      };
    },

    async interactionBotResults(key: ApiKeyPrincipal, id: string): Promise<V1BotResult[]> {
      if (!(await repo.hasInteraction(key.companyId, id))) throw notFound();
      return toBotResults(await repo.latestInteractionResults(key.companyId, id));
    },

    async botResults(
      key: ApiKeyPrincipal,
      query: V1BotResultListQuery,
    ): Promise<V1BotResultListResponse> {
      const rows = await repo.botResults(key.companyId, {
        interactionId: query.interaction_id,
        finishedSince: query.finished_since ? new Date(query.finished_since) : undefined,
        after: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const { data, next_cursor } = page(
        rows,
        query.limit,
        (row) => ({ at: row.finishedAtKey!, id: row.id }),
        (shown) => shown,
      );
      return { data: await toBotResults(data), next_cursor };
    },
  };
}
