import type { AuditEventName } from '@fieldbot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditActor, auditRow, recordAudit } from '../../lib/audit-trail.js';

/**
 * What a route's successful answer records in the audit log, declared on the route
 * (`config.audit`) and written once the answer is sent. For actions that change nothing (reads,
 * downloads) or whose change has no transaction to share; changes with one record their entry in
 * it instead.
 */
export interface RouteAudit {
  /** A function picks the event from the request (an audio play or download), null for none. */
  event: AuditEventName | ((request: FastifyRequest) => AuditEventName | null);
  target?: (request: FastifyRequest) => { type: string; id: string } | null;
  meta?: (request: FastifyRequest) => Record<string, unknown>;
  /**
   * Events recorded at most once per user and target in so many minutes (an audio player makes
   * many Range requests for one listen).
   */
  oncePerMinutes?: Partial<Record<AuditEventName, number>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit entry a successful answer records (modules/audit-log). */
    audit?: RouteAudit;
  }
}

/** One play (or view) is one entry per user and interaction per this many minutes. */
export const AUDIO_PLAY_WINDOW_MINUTES = 30;

/** How the interaction routes declare their entries: audio played or downloaded, transcripts read. */
export const interactionAudits = {
  /** A player asks by Range; a request for the whole file (no Range) is a download. */
  audio: {
    event: (request) => (request.headers.range ? 'audio.played' : 'audio.downloaded'),
    target: (request) => interactionTarget(request),
    meta: (request) => interactionMeta(request),
    oncePerMinutes: { 'audio.played': AUDIO_PLAY_WINDOW_MINUTES },
  },
  transcriptDownload: {
    event: 'transcript.downloaded',
    target: (request) => interactionTarget(request),
    meta: (request) => interactionMeta(request),
  },
  /** The interaction page carries its transcript. */
  transcriptView: {
    event: 'transcript.viewed',
    target: (request) => interactionTarget(request),
    meta: (request) => interactionMeta(request),
    oncePerMinutes: { 'transcript.viewed': AUDIO_PLAY_WINDOW_MINUTES },
  },
} satisfies Record<string, RouteAudit>;

function interactionParams(request: FastifyRequest) {
  return request.params as { interactionId?: string; interactionType?: string };
}
function interactionTarget(request: FastifyRequest) {
  const id = interactionParams(request).interactionId;
  return id ? { type: 'interaction', id } : null;
}
function interactionMeta(request: FastifyRequest) {
  return { interaction_type: interactionParams(request).interactionType ?? null };
}

const CSV = /^text\/csv\b/;

/** `customers-2026-12-06.csv` → `customers`. */
function listOfFile(disposition: unknown): string | null {
  const match = /filename="([^"]+?)(?:-\d{4}-\d{2}-\d{2})?\.csv"/.exec(String(disposition ?? ''));
  return match?.[1] ?? null;
}

async function recordOnce(db: Db, request: FastifyRequest, audit: RouteAudit) {
  const event = typeof audit.event === 'function' ? audit.event(request) : audit.event;
  if (!event) return;
  const actor = auditActor(request.user, request);
  const action = {
    event,
    target: audit.target?.(request) ?? null,
    meta: audit.meta?.(request) ?? {},
  };
  const minutes = audit.oncePerMinutes?.[event];
  if (!minutes || !actor.userId || !action.target) {
    await recordAudit(db, actor, action);
    return;
  }
  // Insert unless this user has an entry for this target in the window: one statement, on the
  // tenant's (company, at) index. Two requests racing may both insert; a duplicate is harmless.
  const row = auditRow(actor, action);
  await db.execute(sql`
    insert into audit_log
      (event, user_id, actor_email, company_id, publisher_id, target_type, target_id, ip,
       user_agent, meta)
    select ${row.event}, ${row.userId}::uuid, ${row.actorEmail}, ${row.companyId}::uuid,
      ${row.publisherId}::uuid, ${row.targetType}, ${row.targetId}, ${row.ip}, ${row.userAgent},
      ${JSON.stringify(row.meta)}::jsonb
    where not exists (
      select 1 from audit_log
      where company_id is not distinct from ${row.companyId}::uuid
        and at > now() - make_interval(mins => ${minutes})
        and event = ${row.event} and user_id = ${row.userId}::uuid
        and target_type = ${row.targetType} and target_id = ${row.targetId})`);
}

/**
 * Records routes' `config.audit` entries, and every CSV download as `export.downloaded` (each
 * export route answers through sendCsv; the list is named by the file, the filters are the
 * query the route validated). The audit log's own export records its own event.
 */
export function registerRouteAudit(app: FastifyInstance, deps: { db: Db }) {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user || reply.statusCode >= 400) return;
    const audit = request.routeOptions.config?.audit;
    try {
      if (audit) {
        await recordOnce(deps.db, request, audit);
        return;
      }
      const list = CSV.test(String(reply.getHeader('content-type') ?? ''))
        ? listOfFile(reply.getHeader('content-disposition'))
        : null;
      if (list && list !== 'audit-log') {
        await recordAudit(deps.db, auditActor(request.user, request), {
          event: 'export.downloaded',
          target: { type: 'export', id: list },
          meta: {
            list,
            filters: { ...(request.params as object), ...(request.query as object) },
          },
        });
      }
    } catch (error) {
      // The answer is sent already; a lost entry is logged loudly, never silently dropped.
      request.log.error({ err: error }, 'audit entry not recorded');
    }
  });
}

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const idParam = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';

/** Invitations sent (new, to a CRM-created member, or again): the team's and a publisher's. */
export const invitationAudits = {
  byEmail: {
    event: 'invitation.sent',
    target: (request) => ({
      type: 'invitation',
      id: String(bodyOf(request).email ?? '').toLowerCase(),
    }),
    meta: (request) => ({
      email: String(bodyOf(request).email ?? '').toLowerCase(),
      role: bodyOf(request).role_alias ?? null,
    }),
  },
  member: {
    event: 'invitation.sent',
    target: (request) => ({ type: 'user', id: idParam(request) }),
  },
  resend: {
    event: 'invitation.sent',
    target: (request) => ({ type: 'invitation', id: idParam(request) }),
    meta: () => ({ resent: true }),
  },
} satisfies Record<string, RouteAudit>;

/** Company information changed: which fields were sent (their values are on the company). */
export const companySettingsAudit: RouteAudit = {
  event: 'company.settings_changed',
  target: (request) =>
    request.user?.company ? { type: 'company', id: request.user.company.id } : null,
  meta: (request) => ({ fields: Object.keys(bodyOf(request)).sort() }),
};
