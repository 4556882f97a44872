import {
  PAGE_SIZE,
  type AuditEventName,
  type TeamListQuery,
  type TeamSortField,
} from '@fieldbot/shared';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invitations, roles, users } from '../../db/schema/index.js';
import { insertAuditEntry } from '../audit-log/index.js';
import { likePattern } from '../../lib/sql-like.js';
import { rowsOf } from '../../db/raw-rows.js';

/**
 * The members of one organisation, a company (its team) or a publisher (its publisher users): the
 * users and invitations whose company_id, or publisher_id, is the organisation's id.
 */
export type OrgKind = 'company' | 'publisher';

export type OrgMembersRepo = ReturnType<typeof createOrgMembersRepo>;

/** A member list row as the database gives it (timestamps as text or Date, whichever the driver returns). */
export interface OrgMemberRow {
  id: string;
  kind: 'user' | 'invitation';
  name: string | null;
  email: string;
  role_alias: string;
  role_title: string;
  status: 'active' | 'invited' | 'not-invited';
  last_active_at: string | Date | null;
  crm_user_id: string | null;
  invitation_id: string | null;
  sent_at: string | Date | null;
  expires_at: string | Date | null;
}

export interface OrgMembersPage {
  items: OrgMemberRow[];
  count: number;
  counts: { active: number; invited: number; 'not-invited': number };
}

/** The list's query, whichever organisation (the role filter is validated by each route's schema). */
export type OrgMembersQuery = Omit<TeamListQuery, 'role'> & { role?: string };

// Byte order ("C"): the same on PGlite and on any PostgreSQL locale, so pages never shift.
const ORDER: Record<TeamSortField, SQL> = {
  name: sql`lower(coalesce(t.name, t.email)) collate "C"`,
  email: sql`t.email collate "C"`,
  role: sql`t.role_title collate "C"`,
  status: sql`t.status collate "C"`,
  last_active: sql`t.last_active_at`,
};

/** The users and invitations columns that tie a row to an organisation of this kind. */
function orgColumns(kind: OrgKind) {
  return kind === 'company'
    ? { user: users.companyId, invitation: invitations.companyId, raw: sql.raw('company_id') }
    : {
        user: users.publisherId,
        invitation: invitations.publisherId,
        raw: sql.raw('publisher_id'),
      };
}

export function createOrgMembersRepo(db: Db, kind: OrgKind) {
  const col = orgColumns(kind);

  /**
   * The invitations of the organisation that can still be accepted. `now()` is the statement's
   * time, the same clock accept-invite reads through the database.
   */
  const liveInvitationsOf = (orgId: string, now: Date) =>
    sql`select i.id, lower(i.email) as email, i.role_alias, i.sent_at, i.expires_at
      from ${invitations} i
      where i.${col.raw} = ${orgId} and i.accepted_at is null and i.revoked_at is null
        and i.expires_at >= ${now.toISOString()}::timestamptz`;

  /**
   * The members as one relation: the organisation's users, each Active when it has a password,
   * Invited when a live invitation to its address exists (a CRM-created user invited since), else
   * Not Invited; plus the live invitations to addresses without an account.
   */
  const membersRelation = (orgId: string, now: Date) =>
    sql`with live as (${liveInvitationsOf(orgId, now)}),
    team as (
      select u.id::text as id, 'user' as kind, u.name, lower(u.email) as email,
        r.alias as role_alias, r.title as role_title,
        case when u.password_hash <> '' then 'active'
          when li.id is not null then 'invited'
          else 'not-invited' end as status,
        u.last_active_at, u.crm_user_id,
        case when u.password_hash <> '' then null else li.id::text end as invitation_id,
        case when u.password_hash <> '' then null else li.sent_at end as sent_at,
        case when u.password_hash <> '' then null else li.expires_at end as expires_at
      from ${users} u
      join ${roles} r on r.id = u.role_id
      left join lateral (
        select l.id, l.sent_at, l.expires_at from live l where l.email = lower(u.email)
        order by l.sent_at desc limit 1
      ) li on true
      where u.${col.raw} = ${orgId}
      union all
      select l.id::text, 'invitation', null, l.email, r.alias, r.title, 'invited',
        null, null, l.id::text, l.sent_at, l.expires_at
      from live l
      join ${roles} r on r.alias = l.role_alias
      where not exists (select 1 from ${users} u where lower(u.email) = l.email)
    )`;

  /**
   * The members the list's search and filters keep (`filtered`), and `limit` of them from
   * `offset` in the list's order (`slice`, numbered by `position`): the page's rows, or an export's
   * batch.
   */
  const membersSlice = (
    orgId: string,
    query: Omit<OrgMembersQuery, 'page'>,
    now: Date,
    offset: number,
    limit: number,
  ) => {
    const filters: SQL[] = [sql`true`];
    if (query.keyword) {
      const pattern = likePattern(query.keyword);
      filters.push(sql`(t.name ilike ${pattern} or t.email ilike ${pattern})`);
    }
    if (query.status) filters.push(sql`t.status = ${query.status}`);
    if (query.role) filters.push(sql`t.role_alias = ${query.role}`);
    const direction = query.sort_direction === 'desc' ? sql`desc` : sql`asc`;
    return sql`${membersRelation(orgId, now)},
      filtered as (select * from team t where ${sql.join(filters, sql` and `)}),
      slice as (
        select t.*, row_number() over (
          order by ${ORDER[query.sort_by]} ${direction} nulls last, t.email collate "C", t.id
        ) as position
        from filtered t
        order by position
        limit ${limit} offset ${offset}
      )`;
  };

  return {
    /** One page of the members with its count, and the count per status, in one statement. */
    async membersPage(orgId: string, query: OrgMembersQuery, now: Date): Promise<OrgMembersPage> {
      const offset = (query.page - 1) * PAGE_SIZE;
      const result = await db.execute(sql`${membersSlice(orgId, query, now, offset, PAGE_SIZE)}
        select
          (select count(*)::int from filtered) as count,
          (select count(*)::int from team where status = 'active') as active,
          (select count(*)::int from team where status = 'invited') as invited,
          (select count(*)::int from team where status = 'not-invited') as not_invited,
          coalesce((select json_agg(p order by p.position) from slice p), '[]'::json) as items`);
      const [row] = rowsOf<{
        count: number;
        active: number;
        invited: number;
        not_invited: number;
        items: OrgMemberRow[] | string;
      }>(result);
      const items =
        typeof row!.items === 'string' ? (JSON.parse(row!.items) as OrgMemberRow[]) : row!.items;
      return {
        items,
        count: row!.count,
        counts: { active: row!.active, invited: row!.invited, 'not-invited': row!.not_invited },
      };
    },

    /** `limit` members from `offset`, in the list's search, filters and order: an export's batch. */
    async membersBatch(
      orgId: string,
      query: Omit<OrgMembersQuery, 'page'>,
      now: Date,
      offset: number,
      limit: number,
    ): Promise<OrgMemberRow[]> {
      const slice = membersSlice(orgId, query, now, offset, limit);
      return rowsOf<OrgMemberRow>(
        await db.execute(sql`${slice} select * from slice order by position`),
      );
    },

    /** A user of this organisation, or null: another tenant's user is indistinguishable from none. */
    async findMember(orgId: string, userId: string, now: Date) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          image: users.image,
          phone: users.phone,
          crmUserId: users.crmUserId,
          createdAt: users.createdAt,
          lastActiveAt: users.lastActiveAt,
          hasPassword: sql<boolean>`${users.passwordHash} <> ''`,
          invited: sql<boolean>`exists (select 1 from ${invitations} i
            where i.${col.raw} = ${orgId} and lower(i.email) = lower(${users.email})
              and i.accepted_at is null and i.revoked_at is null
              and i.expires_at >= ${now.toISOString()}::timestamptz)`,
          roleAlias: roles.alias,
          roleTitle: roles.title,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, userId), eq(col.user, orgId)))
        .limit(1);
      return row ?? null;
    },

    /** Whether any account (of any organisation or none) uses this address. */
    async emailTaken(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return Boolean(row);
    },

    /** The organisation's pending invitation by id (not accepted, not revoked; expired ones included). */
    async findPendingInvitation(orgId: string, invitationId: string) {
      const [row] = await db
        .select({
          id: invitations.id,
          email: invitations.email,
          roleAlias: invitations.roleAlias,
          sentAt: invitations.sentAt,
        })
        .from(invitations)
        .where(
          and(
            eq(invitations.id, invitationId),
            eq(col.invitation, orgId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The organisation's live invitation to an address, newest first. */
    async findLiveInvitationByEmail(orgId: string, email: string, now: Date) {
      const [row] = await db
        .select({
          id: invitations.id,
          email: invitations.email,
          roleAlias: invitations.roleAlias,
          sentAt: invitations.sentAt,
        })
        .from(invitations)
        .where(
          and(
            eq(col.invitation, orgId),
            sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(sql`${invitations.sentAt} desc`)
        .limit(1);
      return row ?? null;
    },

    async insertInvitation(values: {
      tokenHash: string;
      email: string;
      roleAlias: string;
      orgId: string;
      invitedBy: string;
      expiresAt: Date;
      sentAt: Date;
    }) {
      const { orgId, ...rest } = values;
      const [row] = await db
        .insert(invitations)
        .values({
          ...rest,
          ...(kind === 'company' ? { companyId: orgId } : { publisherId: orgId }),
          createdAt: values.sentAt,
        })
        .returning({ id: invitations.id });
      return row!.id;
    },

    /**
     * Gives a pending invitation a new token (the previous link stops working) and expiry, and
     * optionally a new role, if it was last sent before `sentBefore`; false when it was not.
     */
    async renewInvitation(
      invitationId: string,
      values: { tokenHash: string; expiresAt: Date; sentAt: Date; roleAlias?: string },
      sentBefore: Date,
    ) {
      const rows = await db
        .update(invitations)
        .set(values)
        .where(
          and(
            eq(invitations.id, invitationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            sql`${invitations.sentAt} <= ${sentBefore.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    async revokeInvitation(invitationId: string, at: Date) {
      const rows = await db
        .update(invitations)
        .set({ revokedAt: at })
        .where(
          and(
            eq(invitations.id, invitationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /** How many users of the organisation hold the role. */
    async countWithRole(orgId: string, roleAlias: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(col.user, orgId), eq(roles.alias, roleAlias)));
      return row?.n ?? 0;
    },

    async roleIdByAlias(alias: string) {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.alias, alias));
      return row?.id ?? null;
    },

    /** Applies the changes and, for a role change, writes its audit row in the same transaction. */
    async updateMember(
      userId: string,
      changes: { name?: string; phone?: string; roleId?: string },
      audit: {
        event: AuditEventName;
        actorId: string;
        ip: string;
        meta: Record<string, unknown>;
      } | null,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, userId));
        if (audit) {
          // The actor acts on the member: the admin is the entry's user, the member its target.
          await insertAuditEntry(tx, {
            event: audit.event,
            userId: audit.actorId,
            ip: audit.ip,
            target: { type: 'user', id: userId },
            meta: { ...audit.meta, user_id: userId, by: audit.actorId },
          });
        }
      });
    },
  };
}
